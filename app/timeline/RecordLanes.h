#pragma once

#include "app/timeline/TimelineScene.h"

#include <QCoreApplication>

class QPainter;

namespace tidemark::app {

class PaintCache;

// Where the records of each channel lane go at this step: dots, stacked where they share a pixel, or, where
// records are denser than the pixels, a count per pixel column (binary searches over the lane's sorted
// timestamps, no per-record lookups).
std::vector<RecordLane> recordLanes(const TimelineFrame& frame, const TimelineLayout& layout, const TimeScale& scale);

// Where a lane's dots stand, from its top, as a share of its height; the record numbers go under them.
inline constexpr double kLaneLine = 0.55;
// The least lane height with room for the record numbers under the dots (the layout keeps it as long as it can).
double numberedLaneHeight(const TimelineFrame& frame);

// The lower part of the timeline: one lane per watermark channel with its gutter label (the channel, its
// watermark, why it matters) and its records.
class RecordLanePainter {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::TimelineView)

public:
    RecordLanePainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache);
    void paint();

private:
    void paintLane(int channel, double top);
    // A Kafka partition's lane, or a reader's that reads none: the partition, its watermark inside its reader,
    // whether the reader ignores it (idle) or it holds the reader back.
    void paintPartitionLane(const RecordLane& lane);
    void laneLabel(double top, const QString& title, const QString& watermark, const QString& note, bool emphasis);
    void paintDense(const DenseBars& bars);
    void paintDots(const RecordLane& lane);

    QPainter& p;
    const TimelineFrame& f;
    const TimelineScene& m_scene;
    PaintCache& m_cache;
};

} // namespace tidemark::app
