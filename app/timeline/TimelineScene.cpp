#include "app/timeline/TimelineScene.h"

#include "app/timeline/RecordLanes.h"
#include "app/timeline/TimelineFrame.h"
#include "app/timeline/WatermarkLines.h"

#include <QFontMetricsF>

#include <cmath>

namespace tidemark::app {

namespace {

std::vector<RowSet> rowSetsOf(const TimelineFrame& f)
{
    const Session& session = f.session;
    if (!session.hasRun())
        return {};
    return rowSetsAt({session.state().windows, f.index.firstFireOfKey, f.step,
        windowRowsPerKey(session.scenario().pipeline.window.assigner), f.options.collapsed, f.options.keyFilter,
        [&session](KeyId key) { return session.keyName(key); }});
}

} // namespace

TimelineScene TimelineScene::build(const TimelineFrame& f, const QRect& rect, double visibleStart, double visibleEnd)
{
    TimelineScene scene;
    TimelineLayout::Input input {rect, f.unit(),
        f.session.hasRun() ? laneRefs(f.session.scenario().pipeline) : std::vector<LaneRef> {}, rowSetsOf(f), 1,
        f.session.hasRun() && hasLatenessTails(f.session.scenario().pipeline.window), numberedLaneHeight(f)};
    if (f.session.hasRun()) {
        // the legend wraps onto as many rows as it needs, and the footer grows to hold them: no entry is dropped
        scene.legend = legendItems(f.session);
        const TimelineLayout oneRow = TimelineLayout::compute(input);
        scene.legendRowOf = legendRows(
            scene.legend, QFontMetricsF(f.font(9.5)), oneRow.legendLeft, oneRow.plot.right() + f.s(12), f.unit());
        input.legendRows = scene.legendRowOf.empty() ? 1 : scene.legendRowOf.back() + 1;
    }
    scene.layout = TimelineLayout::compute(input);
    const TimelineLayout& l = scene.layout;
    scene.scale = TimeScale(visibleStart, visibleEnd, l.plot.left(), l.plot.width());
    if (!f.session.hasRun())
        return scene;

    scene.lanes = recordLanes(f, l, scene.scale);
    const Session& session = f.session;
    scene.bands = windowBands({session.state(), session.trace(), f.step, session.scenario().pipeline.window, l,
        scene.scale, f.unit(), f.options.collapsed, f.index.maxWindowSpan});
    scene.channelMarks = channelWatermarkMarks(f, l, scene.scale);
    scene.operatorLines = operatorWatermarkLines(f, l, scene.scale);

    // hit areas in drawing order: records, then each window's fire markers before the window, then the
    // channels' watermarks, the lanes' labels, the operator's watermark
    const double r = f.s(kRecordRadius);
    for (const RecordLane& lane : scene.lanes) {
        for (const RecordDot& d : lane.dots) {
            TimelineHit hit;
            hit.kind = TimelineHit::Kind::Record;
            hit.record = d.record;
            hit.channel = lane.channel;
            hit.partition = lane.partition;
            hit.rect = QRectF(d.x - r - f.s(3), d.cy - r - f.s(3), 2 * r + f.s(6), 2 * r + f.s(6));
            scene.hits.push_back(hit);
        }
    }
    for (const WindowBand& b : scene.bands.bands) {
        for (const FireMark& m : b.marks) {
            TimelineHit hit;
            hit.kind = TimelineHit::Kind::Fire;
            hit.fire = m.fire;
            hit.rect = m.hitRect;
            scene.hits.push_back(hit);
        }
        TimelineHit hit;
        hit.kind = TimelineHit::Kind::Window;
        hit.subtask = b.subtask;
        hit.key = b.key;
        hit.window = b.window;
        hit.rect = b.box;
        scene.hits.push_back(hit);
    }
    for (const ChannelWatermarkMark& m : scene.channelMarks) {
        if (m.edge != 0)
            continue;
        TimelineHit hit;
        hit.kind = TimelineHit::Kind::ChannelWatermark;
        hit.channel = m.channel;
        hit.partition = m.partition;
        hit.rect = QRectF(m.x - f.s(6), m.top, f.s(12), m.bottom - m.top);
        scene.hits.push_back(hit);
    }
    for (const RecordLane& lane : scene.lanes) {
        TimelineHit hit;
        hit.kind = TimelineHit::Kind::Lane; // the lane's gutter label
        hit.channel = lane.channel;
        hit.partition = lane.partition;
        hit.rect = QRectF(0, lane.top, l.gutter, l.laneHeight);
        scene.hits.push_back(hit);
    }
    const double top = operatorLineTop(f, l);
    for (const OperatorWatermarkLine& line : scene.operatorLines) {
        if (std::isnan(line.x))
            continue;
        TimelineHit hit;
        hit.kind = TimelineHit::Kind::OperatorWatermark;
        hit.subtask = line.subtasks.front();
        hit.rect = QRectF(line.x - f.s(5), top, f.s(10), l.footerTop - top);
        scene.hits.push_back(hit);
    }
    return scene;
}

TimelineHit TimelineScene::hitAt(const QPointF& pos) const
{
    // records and markers before windows and lines: the smaller target wins; among equals the one on top
    for (auto kind : {TimelineHit::Kind::Record, TimelineHit::Kind::Fire, TimelineHit::Kind::ChannelWatermark,
             TimelineHit::Kind::OperatorWatermark, TimelineHit::Kind::Window, TimelineHit::Kind::Lane}) {
        for (auto it = hits.rbegin(); it != hits.rend(); ++it) {
            if (it->kind == kind && it->rect.contains(pos))
                return *it;
        }
    }
    return {};
}

} // namespace tidemark::app
