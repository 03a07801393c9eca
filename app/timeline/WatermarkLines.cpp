#include "app/timeline/WatermarkLines.h"
#include "app/timeline/TimelineText.h"

#include "app/Theme.h"
#include "app/timeline/SubtaskWatermarks.h"
#include "app/timeline/TimelineFrame.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace tidemark::app {

namespace {

std::vector<SubtaskWatermarkGroup> watermarkGroups(const Session& session)
{
    const PipelineState& state = session.state();
    if (session.subtaskCount() > 1 && state.subtasks.size() > 1)
        return groupSubtaskWatermarks(state.subtasks);
    // one subtask: its inputs are the channels, as the lanes show them
    SubtaskWatermarkGroup g;
    g.watermark = session.operatorWatermark();
    g.subtasks = {0};
    g.allIdle = !state.channels.empty();
    for (std::size_t i = 0; i < state.channels.size(); ++i) {
        const ChannelState& ch = state.channels[i];
        if (ch.idle)
            continue;
        g.allIdle = false;
        g.inputs.push_back(ch.watermark);
        if (g.minChannel < 0 && ch.watermark == g.watermark)
            g.minChannel = int(i);
    }
    return {std::move(g)};
}

// The label's texts, longest first.
QStringList labelChoices(const Session& session, const SubtaskWatermarkGroup& g, bool perSubtask)
{
    const QString time = session.formatTime(g.watermark);
    QStringList parts;
    for (Timestamp t : g.inputs)
        parts << session.formatTime(t);
    const int active = int(g.inputs.size());
    const bool severalInputs = session.channelCount() > 1;
    QStringList choices;
    if (perSubtask) {
        const QString who = subtaskNames(g.subtasks);
        if (g.allIdle) {
            choices << TimelineText::tr("%1: operator watermark %2 — every channel is idle").arg(who, time);
        } else if (severalInputs && g.inputsAgree) {
            choices << TimelineText::tr("%1: operator watermark %2 = min(%3)")
                           .arg(who, time, parts.join(QStringLiteral(", ")))
                    << TimelineText::tr("%1: %2 = min(%3)").arg(who, time, parts.join(QStringLiteral(", ")));
            if (g.minChannel >= 0)
                choices << TimelineText::tr("%1: %2 (channel %3)").arg(who, time).arg(g.minChannel);
        } else if (severalInputs) {
            choices << TimelineText::tr("%1: operator watermark %2 = min of each one's inputs").arg(who, time);
        }
        choices << TimelineText::tr("%1: operator watermark %2").arg(who, time)
                << TimelineText::tr("%1: %2").arg(who, time);
    } else if (g.allIdle) {
        choices << TimelineText::tr("operator watermark %1 — every channel is idle").arg(time);
    } else if (severalInputs) {
        choices << TimelineText::tr("operator watermark %1 = min(%2)").arg(time, parts.join(QStringLiteral(", ")));
        if (g.minChannel >= 0)
            choices << TimelineText::tr("operator watermark %1 = min of %2 channels, channel %3 the lowest")
                           .arg(time)
                           .arg(active)
                           .arg(g.minChannel)
                    << TimelineText::tr("operator watermark %1 (channel %2)").arg(time).arg(g.minChannel);
    }
    if (!perSubtask)
        choices << TimelineText::tr("operator watermark %1").arg(time)
                << TimelineText::tr("op. watermark %1").arg(time);
    choices << time;
    return choices;
}

QFont labelFont(const TimelineFrame& f)
{
    return f.font(11.5, true);
}

} // namespace

std::vector<ChannelWatermarkMark> channelWatermarkMarks(
    const TimelineFrame& f, const TimelineLayout& l, const TimeScale& sc)
{
    const PipelineState& state = f.session.state();
    const Trace& trace = f.session.trace();
    std::vector<ChannelWatermarkMark> out;
    for (int i = 0; i < l.lanes; ++i) {
        const LaneRef& ref = l.laneRefs[std::size_t(i)];
        if (ref.channel >= int(state.channels.size()))
            continue;
        // a partition's own watermark inside its reader, where there is one; else the channel's
        const bool own = ref.partition >= 0 && trace.hasPartitionWatermarks();
        if (own && trace.partitionFinished(ref.partition, StepIndex(f.step)))
            continue; // a bounded topic's finished split: released, it has no watermark in the reader any more
        const WatermarkPoint partition
            = own ? Trace::at(trace.partitionWatermarks(ref.partition), StepIndex(f.step)) : WatermarkPoint {};
        const Timestamp wm = own ? partition.watermark : state.channels[ref.channel].watermark;
        if (wm == kMinTimestamp)
            continue;
        ChannelWatermarkMark m;
        m.channel = ref.channel;
        m.partition = own ? ref.partition : -1;
        m.lane = i;
        m.top = l.laneTop(i) + f.s(4);
        m.bottom = m.top + l.laneHeight - f.s(8);
        m.x = sc.mapTimeToX(double(wm));
        m.idle = own ? partition.idle : state.channels[ref.channel].idle;
        if (m.x < l.plot.left()) {
            m.edge = -1;
            m.x = l.plot.left() + f.s(6);
        } else if (m.x > l.plot.right()) {
            m.edge = 1;
            m.x = l.plot.right() - f.s(6);
        }
        out.push_back(m);
    }
    return out;
}

double operatorLineTop(const TimelineFrame& f, const TimelineLayout& l)
{
    return l.windowsTop - f.s(2);
}

std::vector<OperatorWatermarkLine> operatorWatermarkLines(
    const TimelineFrame& f, const TimelineLayout& l, const TimeScale& sc)
{
    const bool perSubtask = f.session.subtaskCount() > 1 && f.session.state().subtasks.size() > 1;
    const double labelY = l.footerTop + f.s(6);
    const QFontMetricsF fm(labelFont(f));
    const double boxH = fm.height() + f.s(4);
    std::vector<OperatorWatermarkLine> out;
    std::vector<QRectF> taken; // label boxes already placed: a label that would overlap moves up a row
    for (const SubtaskWatermarkGroup& g : watermarkGroups(f.session)) {
        const Timestamp wm = g.watermark;
        const QStringList choices = labelChoices(f.session, g, perSubtask);
        double x = l.plot.left();
        const bool visible = wm != kMinTimestamp && wm != kMaxTimestamp && sc.mapTimeToX(double(wm)) >= l.plot.left()
            && sc.mapTimeToX(double(wm)) <= l.plot.right();
        QString prefix;
        QString suffix;
        if (visible) {
            x = sc.mapTimeToX(double(wm));
        } else if (wm != kMinTimestamp && sc.mapTimeToX(double(wm)) > l.plot.right()) {
            x = l.plot.right();
            suffix = QStringLiteral(" ▶");
        } else if (wm != kMinTimestamp) {
            prefix = QStringLiteral("◀ ");
        }
        QString text = prefix + choices.back() + suffix;
        for (const QString& choice : choices) {
            const QString candidate = prefix + choice + suffix;
            if (fm.horizontalAdvance(candidate) <= l.plot.width() - f.s(8)) {
                text = candidate;
                break;
            }
        }
        const double tw = fm.horizontalAdvance(text);
        // keep the label on screen: to the right of the line, or to its left near the right edge, else as
        // far right as the plot allows
        double lx = x + f.s(6);
        if (lx + tw > l.plot.right())
            lx = x - f.s(6) - tw;
        lx = std::clamp(lx, l.plot.left() + f.s(4), std::max(l.plot.left() + f.s(4), l.plot.right() - tw - f.s(4)));
        // the first row (under the lanes) unless an earlier label is there; further rows stack upwards
        const QRectF box = clearOfOthers(QRectF(lx - f.s(4), labelY, tw + f.s(8), boxH), taken, boxH + f.s(2));
        taken.push_back(box);
        out.push_back({g.subtasks, wm, visible ? x : std::nan(""), text, box});
    }
    return out;
}

WatermarkPainter::WatermarkPainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene)
    : p(painter)
    , f(frame)
    , m_scene(scene)
{ }

void WatermarkPainter::paint()
{
    for (const ChannelWatermarkMark& m : m_scene.channelMarks)
        paintChannelMark(m);
    p.setFont(labelFont(f));
    for (const OperatorWatermarkLine& line : m_scene.operatorLines)
        paintOperatorLine(line);
}

void WatermarkPainter::paintChannelMark(const ChannelWatermarkMark& m)
{
    const ThemeColors& c = f.theme.colors();
    const QColor wc = m.idle ? c.idle : c.channelWatermark;
    const double x = m.x;
    const double top = m.top;
    if (m.edge != 0) {
        // out of view: an arrow at the edge says where it is
        const double d = m.edge;
        p.setPen(Qt::NoPen);
        p.setBrush(wc);
        p.drawPolygon(QPolygonF({QPointF(x + d * f.s(6), top + f.s(10)), QPointF(x - d * f.s(4), top + f.s(4)),
            QPointF(x - d * f.s(4), top + f.s(16))}));
        return;
    }
    p.setPen(QPen(wc, f.s(2.5)));
    p.drawLine(QPointF(x, top + f.s(6)), QPointF(x, m.bottom));
    p.setPen(Qt::NoPen);
    p.setBrush(wc);
    p.drawPolygon(QPolygonF({QPointF(x - f.s(7), top), QPointF(x + f.s(7), top), QPointF(x, top + f.s(10))}));
}

void WatermarkPainter::paintOperatorLine(const OperatorWatermarkLine& line)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    if (!std::isnan(line.x)) {
        const double top = operatorLineTop(f, l);
        const double x = line.x;
        QPen pen(c.operatorWatermark, f.s(3), Qt::DashLine, Qt::FlatCap);
        pen.setDashPattern({4, 2.5});
        p.setPen(pen);
        p.drawLine(QPointF(x, top), QPointF(x, l.footerTop));
        p.setPen(Qt::NoPen);
        p.setBrush(c.operatorWatermark);
        p.drawPolygon(QPolygonF(
            {QPointF(x - f.s(8), top - f.s(2)), QPointF(x + f.s(8), top - f.s(2)), QPointF(x, top + f.s(10))}));
    }
    const QFontMetricsF fm(p.font());
    QColor bg = c.background;
    bg.setAlpha(230);
    p.setPen(Qt::NoPen);
    p.setBrush(bg);
    p.drawRoundedRect(line.labelRect, f.s(3), f.s(3));
    p.setPen(c.operatorWatermark);
    p.drawText(QPointF(line.labelRect.left() + f.s(4), line.labelRect.top() + f.s(2) + fm.ascent()), line.label);
}

} // namespace tidemark::app
