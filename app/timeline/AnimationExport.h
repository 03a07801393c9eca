#pragma once

#include "app/document/TimeCursor.h"

#include <QString>

#include <functional>
#include <vector>

namespace tidemark::app {

class Session;
class ExportPicture;

// File ▸ Export ▸ Animation: the run, step by step, as the timeline (or a job graph's strip and lanes) draws it,
// with the narration of each step.
// Which steps become frames follows a step granularity as the cursor's stepping does; the first and the last
// step are always frames.

struct AnimationOptions {
    TimeCursor::Granularity granularity = TimeCursor::Granularity::EveryStep;
    // PNG frames: how many image pixels per pixel of the view.
    qreal pixelRatio = 1.0;
    // PNG frames: a folder that already holds frames (holdsAnimationFrames) is refused unless this is set; then
    // its frame-*.png and frames.txt are removed first, so that no frame of an older export stays in the sequence.
    bool replaceFrames = false;
    // Called after each frame with the frames done and the frames in all; returning false cancels the export.
    std::function<bool(int done, int total)> progress;
};

enum class AnimationExportResult { Written, Cancelled, Failed };

// The steps that become frames, in order: the stops of `granularity` (TimeCursor::snapped), step 0, the last, and
// every lesson marker.
std::vector<int> animationSteps(Session& session, TimeCursor::Granularity granularity);

// One self-contained HTML page (inline SVG frames, CSS and script; nothing is fetched) that plays the frames
// with the keyboard (→ / Space, ←, Home, End, P) or its buttons, with "Step n of N", the narration and the
// scenario's name and description. Frames share the drawing groups they have in common. Moves `cursor` through
// the frames' steps and back to where it was. Nothing is written when cancelled or failed; an existing file is
// replaced only by a complete one. `error` says why it failed.
AnimationExportResult writeAnimationPage(ExportPicture& view, TimeCursor& cursor, const QString& path,
    const AnimationOptions& options = {}, QString* error = nullptr);

// The same frames as frame-0001.png, frame-0002.png, … in `folder` (made when missing), with frames.txt listing
// each frame's file, step, processing time and narration. When cancelled or failed, the files it wrote are
// removed again.
AnimationExportResult writeAnimationFrames(ExportPicture& view, TimeCursor& cursor, const QString& folder,
    const AnimationOptions& options = {}, QString* error = nullptr);

// Whether `folder` holds frames an export would replace (frame-*.png, frames.txt).
bool holdsAnimationFrames(const QString& folder);

} // namespace tidemark::app
