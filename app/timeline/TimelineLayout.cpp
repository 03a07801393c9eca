#include "app/timeline/TimelineLayout.h"

#include "engine/runtime/KafkaSourceEnumerator.h"

#include <algorithm>
#include <set>

namespace tidemark::app {

std::vector<RowSet> rowSetsAt(const RowSetQuery& q)
{
    std::set<std::pair<KeyId, int>> keys;
    for (const WindowState& w : q.windows)
        keys.insert({w.key, w.subtask});
    for (const auto& [key, first] : q.firstFireOfKey) {
        if (int(first) <= q.step)
            keys.insert(key);
    }
    std::vector<RowSet> out;
    if (q.collapsed) {
        if (!keys.empty())
            out.push_back({-1, kNoKey, q.rowsPerKey, 0, 0});
    } else {
        for (const auto& [key, subtask] : keys) {
            if (!q.keyFilter.isEmpty() && !q.keyName(key).contains(q.keyFilter, Qt::CaseInsensitive))
                continue;
            out.push_back({subtask, key, q.rowsPerKey, 0, 0});
        }
    }
    if (out.empty())
        out.push_back({-1, kNoKey, q.rowsPerKey, 0, 0}); // an empty row: "no windows yet"
    return out;
}

std::vector<LaneRef> laneRefs(const PipelineConfig& pipeline)
{
    const int channels = std::max(1, pipeline.watermarks.parallelism);
    std::vector<LaneRef> refs;
    if (!pipeline.kafka) {
        for (int c = 0; c < channels; ++c)
            refs.push_back({c, -1});
        return refs;
    }
    for (int c = 0; c < channels; ++c) {
        const std::size_t before = refs.size();
        for (int p = 0; p < pipeline.kafka->partitions; ++p) {
            if (KafkaSourceEnumerator::splitOwner(pipeline.kafka->topic, p, channels) == c)
                refs.push_back({c, p});
        }
        if (refs.size() == before)
            refs.push_back({c, -1}); // a reader with no partition
    }
    return refs;
}

std::vector<LaneKind> laneKindsDrawn(const PipelineConfig& pipeline)
{
    std::vector<LaneKind> kinds;
    for (const LaneRef& ref : laneRefs(pipeline)) {
        if (std::find(kinds.begin(), kinds.end(), ref.traceKind()) == kinds.end())
            kinds.push_back(ref.traceKind());
    }
    return kinds;
}

TimelineLayout TimelineLayout::compute(const Input& in)
{
    const auto s = [&in](double v) { return v * in.unit; };
    const QRect& rect = in.rect;
    TimelineLayout l;
    l.gutter = s(178);
    l.axisTop = rect.top();
    l.axisHeight = s(50);
    const double footer = s(64) + s(20) * std::max(0, in.legendRows - 1);
    l.laneRefs = in.lanes.empty() ? std::vector<LaneRef> {LaneRef {}} : in.lanes;
    l.lanes = int(l.laneRefs.size());
    l.rowSets = in.rowSets;

    const double available = std::max(0.0, double(rect.height()) - l.axisHeight - footer);
    int totalRows = 0;
    for (const auto& r : l.rowSets)
        totalRows += r.rows;
    double rowH = s(60);
    double laneH = s(96);
    const double setGap = s(6);
    // "+N more keys" takes a line of its own under the row sets that are shown, so that it covers no key's label
    const double moreKeys = s(kMoreKeysHeight);
    auto need = [&] {
        return totalRows * rowH + double(l.rowSets.size()) * setGap + l.lanes * laneH
            + (l.hiddenRowSets > 0 ? moreKeys : 0.0);
    };
    // each gives way down to `least` at most, and never grows what an earlier step has shrunk further
    auto fitLanes = [&](double least) {
        if (need() > available)
            laneH = std::min(
                laneH, std::max(least, (available - totalRows * rowH - double(l.rowSets.size()) * setGap) / l.lanes));
    };
    auto fitRows = [&](double least) {
        if (need() > available && totalRows > 0)
            rowH = std::min(
                rowH, std::max(least, (available - l.lanes * laneH - double(l.rowSets.size()) * setGap) / totalRows));
    };
    // Too tall: give way in turns, so that what a class reads from the back goes last. Lanes keep room for
    // the record numbers under their dots, rows for a window's two lines, then for its range alone; only
    // then do rows lose their text (many keys on a short view), whole row sets go, and lanes get thin.
    const double tail = in.latenessTails ? s(8) : 0.0;
    fitLanes(s(62));
    fitRows(s(44) + tail);
    fitLanes(in.numberedLaneHeight);
    fitRows(s(26) + tail);
    fitRows(s(20));
    while (need() > available && l.rowSets.size() > 1) {
        totalRows -= l.rowSets.back().rows;
        l.rowSets.pop_back();
        ++l.hiddenRowSets;
    }
    // still too tall (presenter type on a short screen): thinner lanes rather than a footer cut off, since
    // the footer carries the operator watermark's label
    fitLanes(s(40));
    if (need() < available) // give spare height to the lanes, the part that explains most
        laneH = std::min(s(240), laneH + (available - need()) / l.lanes);

    l.windowsTop = l.axisTop + l.axisHeight + s(4);
    double y = l.windowsTop;
    for (auto& r : l.rowSets) {
        r.top = y;
        r.rowHeight = rowH;
        y += r.rows * rowH + setGap;
    }
    if (l.hiddenRowSets > 0) {
        l.moreKeysTop = y;
        y += moreKeys;
    }
    l.windowsHeight = y - l.windowsTop;
    l.lanesTop = y + s(4);
    l.laneHeight = laneH;
    l.numberedLanes = laneH >= in.numberedLaneHeight - 1e-9;
    l.footerTop = l.lanesTop + l.lanes * laneH;
    l.legendLeft = rect.left() + s(8);
    l.bottom = rect.bottom() + 1;
    l.plot = QRectF(
        rect.left() + l.gutter, l.axisTop, std::max(10.0, rect.width() - l.gutter - s(16)), l.footerTop - l.axisTop);
    return l;
}

} // namespace tidemark::app
