#pragma once

#include "engine/core/Time.h"
#include "engine/core/TimeWindow.h"

#include <QStringList>

#include <functional>

namespace tidemark::app {

// The labels of a window band on a date-time axis, longest first; the timeline shows the first that fits
// the band, so a narrow band shows fewer digits instead of a cut-off "[11:2…":
//   "[10:11:21, 10:11:24)" when the bounds lie in different hours,
//   "[11:21, 11:24)" when they share the hour (the axis names it), then "11:21" (the start alone),
//   "[:21, :24)" and ":21" when they share the minute as well.
// A window of a day or more names the dates, as the narration does: "[03-01 00:00:00, 03-02 00:00:00)",
// "[03-01, 03-02)" when both bounds are midnights, "03-01 00:00:00", "03-01".
// Milliseconds (".500") appear only when a bound has them. `utcOffsetMs` is the display zone's offset,
// looked up once per paint by the caller. Plain integer maths: the timeline labels dozens of windows per
// frame, and QDateTime::toString per bound cost more than drawing them.
QStringList dateTimeWindowLabels(const TimeWindow& w, DurationMs utcOffsetMs);

// The first of `choices` (longest first) whose width fits `maxWidth`, or -1 when none does: a narrow band
// shows a shorter label or none, never a cut-off one. `widthOf` is asked in order, and no further than the
// label that fits.
qsizetype firstThatFits(
    const QStringList& choices, double maxWidth, const std::function<double(const QString&)>& widthOf);

} // namespace tidemark::app
