#include "app/timeline/SubtaskWatermarks.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <map>

namespace tidemark::app {

namespace {

std::vector<Timestamp> activeInputs(const SubtaskState& s)
{
    std::vector<Timestamp> out;
    for (std::size_t c = 0; c < s.inputWatermarks.size(); ++c) {
        if (c >= s.inputIdle.size() || !s.inputIdle[c])
            out.push_back(s.inputWatermarks[c]);
    }
    return out;
}

} // namespace

std::vector<SubtaskWatermarkGroup> groupSubtaskWatermarks(const std::vector<SubtaskState>& subtasks)
{
    std::map<Timestamp, SubtaskWatermarkGroup> byValue;
    for (const SubtaskState& s : subtasks) {
        auto [it, added] = byValue.try_emplace(s.watermark);
        SubtaskWatermarkGroup& g = it->second;
        if (added) {
            g.watermark = s.watermark;
            g.inputs = activeInputs(s);
            g.minChannel = s.minChannel;
            g.allIdle = s.idle;
        } else {
            if (g.inputsAgree && g.inputs != activeInputs(s)) {
                g.inputsAgree = false;
                g.inputs.clear();
            }
            if (g.minChannel != s.minChannel)
                g.minChannel = -1;
            g.allIdle = g.allIdle && s.idle;
        }
        g.subtasks.push_back(s.subtask);
    }
    std::vector<SubtaskWatermarkGroup> out;
    out.reserve(byValue.size());
    for (auto& [value, g] : byValue) {
        std::sort(g.subtasks.begin(), g.subtasks.end());
        out.push_back(std::move(g));
    }
    return out;
}

QString subtaskNames(const std::vector<int>& subtasks)
{
    QStringList runs;
    for (std::size_t i = 0; i < subtasks.size();) {
        std::size_t j = i;
        while (j + 1 < subtasks.size() && subtasks[j + 1] == subtasks[j] + 1)
            ++j;
        if (j == i)
            runs << QString::number(subtasks[i]);
        else if (j == i + 1) // two in a row read better as a list: "0, 1"
            runs << QString::number(subtasks[i]) << QString::number(subtasks[j]);
        else
            runs << QStringLiteral("%1–%2").arg(subtasks[i]).arg(subtasks[j]);
        i = j + 1;
    }
    const QString list = runs.join(QStringLiteral(", "));
    return subtasks.size() == 1 ? QCoreApplication::translate("tidemark::app::TimelineView", "subtask %1").arg(list)
                                : QCoreApplication::translate("tidemark::app::TimelineView", "subtasks %1").arg(list);
}

QRectF clearOfOthers(QRectF wanted, const std::vector<QRectF>& taken, double rowStep)
{
    if (rowStep <= 0)
        return wanted;
    while (std::any_of(taken.begin(), taken.end(), [&wanted](const QRectF& t) { return t.intersects(wanted); }))
        wanted.translate(0, -rowStep);
    return wanted;
}

} // namespace tidemark::app
