#pragma once

#include "app/timeline/TimeScale.h"
#include "app/timeline/TimelineLayout.h"
#include "engine/core/PipelineConfig.h"
#include "engine/player/Trace.h"

#include <QPolygonF>
#include <QRect>
#include <QRectF>

#include <cstdint>
#include <vector>

namespace tidemark::app {

// Rows per key in the window area: sliding windows overlap, so each of the size / slide windows that
// cover an instant gets a row of its own (at most six); every other assigner needs one.
int windowRowsPerKey(const AssignerSpec& assigner);
// The row of a window among those rows: the k-th sliding window (by start) goes to row k mod rows.
int windowRow(const AssignerSpec& assigner, const TimeWindow& window);
// Whether each window row keeps a strip at its bottom for allowed-lateness tails (event time, lateness > 0).
bool hasLatenessTails(const WindowConfig& window);

// A fire marker on a window's end: a flag per fire so far, the newest first from the right.
struct FireMark {
    std::size_t fire = 0; // index into Trace::fires()
    QPolygonF flag;
    QRectF hitRect;
};

// A window band as the timeline draws it at one step: which window, in which state, and where.
struct WindowBand {
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    WindowStatus status = WindowStatus::Collecting;
    bool gone = false; // fired earlier and cleaned up since
    std::size_t count = 0;
    bool fired = false;
    std::vector<std::size_t> fires; // its fires up to this step (indexes into Trace::fires()), in step order
    double top = 0.0;
    double height = 0.0; // of the box, without the allowed-lateness strip under it
    QRectF box;
    QRectF tail; // the allowed-lateness tail under later windows; empty when there is none
    std::vector<FireMark> marks; // at most six
};

// Everything the bands depend on: the state at the step, the run's fires, the window configuration, and
// where the row sets are. `unit` is the presenter scale (1 normally).
struct WindowBandQuery {
    const PipelineState& state;
    const Trace& trace;
    int step = 0;
    const WindowConfig& window;
    const TimelineLayout& layout;
    const TimeScale& scale;
    double unit = 1.0;
    bool collapsed = false;
    double maxWindowSpan = 0.0; // the longest fired window: how far before the view a fired one can start
};

// A window narrower than a few pixels (a full view of a long run has hundreds of thousands): a plain mark, no
// text, no markers, no hit.
struct TinyMark {
    enum class Fill : std::uint8_t { Purged, Fired, Collecting };
    QRect rect;
    Fill fill = Fill::Collecting;
    bool operator==(const TinyMark&) const = default;
};

struct WindowBandSet {
    std::vector<WindowBand> bands; // in drawing order, tiny ones aside
    // Drawn under the bands. Windows narrower than a pixel side by side: a mark inside the last one of its
    // pixel row is kept once, and one that continues it (same fill, next pixel) widens it.
    std::vector<TinyMark> tiny;
    // More than 40 windows reach into the view: drawn square and unantialiased, the cheapest way.
    bool crowded = false;
};

// The bands in view at this step: live windows from the state, then the fired-and-cleaned ones from the
// trace (sorted by start, so a binary search finds the first that can reach into the view). Global windows
// and windows of hidden row sets have no band.
WindowBandSet windowBands(const WindowBandQuery& query);

} // namespace tidemark::app
