#pragma once

#include "app/document/TimeLabels.h"
#include "engine/core/Scenario.h"
#include "engine/core/Time.h"

#include <vector>

namespace tidemark::app {

struct Tick {
    Timestamp time = 0;
    double x = 0.0;
    bool major = false; // a labelled tick
};

// The time↔pixel mapping of a horizontal event-time axis: [startMs, endMs) visible in [x0, x0 + width).
// A plain value type so the maths can be tested row by row; zooming and panning return new scales.
class TimeScale {
public:
    TimeScale() = default;
    TimeScale(double startMs, double endMs, double x0, double width);

    double start() const { return m_start; }
    double end() const { return m_end; }
    double span() const { return m_end - m_start; }
    double x0() const { return m_x0; }
    double width() const { return m_width; }
    double msPerPixel() const { return m_width > 0 ? span() / m_width : 0.0; }
    bool isValid() const { return m_width > 0 && m_end > m_start; }

    double mapTimeToX(double t) const;
    double mapXToTime(double x) const;
    // The whole millisecond under pixel x (floor), so that mapping a tick's time back gives the same pixel.
    Timestamp timeAtX(double x) const;

    TimeScale withPixels(double x0, double width) const { return {m_start, m_end, x0, width}; }
    // Zoom by factor (> 1 zooms in) keeping the time under pixel x where it is.
    TimeScale zoomedAround(double x, double factor) const;
    // One step of the zoom buttons and keys (in: kZoomStep, out: 1 / kZoomStep) about the middle of the view.
    static constexpr double kZoomStep = 1.5;
    TimeScale zoomedStep(bool in) const { return zoomedAround(m_x0 + m_width / 2, in ? kZoomStep : 1.0 / kZoomStep); }
    // Move the view by dx pixels: dragging right (dx > 0) shows earlier times.
    TimeScale panned(double dx) const;
    // Show [a, b] with a margin (fraction of the span) on both sides.
    TimeScale fitted(double a, double b, double margin = 0.05) const;
    // Keep the span, put t at fraction f of the width.
    TimeScale centredOn(double t, double fraction = 0.5) const;

    static constexpr double kMinSpanMs = 1.0;

    // The smallest nice step whose ticks are at least minPixels apart.
    static TickStep niceStep(double msPerPixel, double minPixels, DisplaySettings::TimeFormat format);
    // Ticks in the visible range: major (labelled) at `step`, minor at a fifth/half of it.
    std::vector<Tick> ticks(const TickStep& step, DurationMs alignOffsetMs = 0) const;

private:
    double m_start = 0.0;
    double m_end = 1000.0;
    double m_x0 = 0.0;
    double m_width = 0.0;
};

} // namespace tidemark::app
