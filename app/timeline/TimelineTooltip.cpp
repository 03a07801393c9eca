#include "app/timeline/TimelineTooltip.h"

#include "app/document/Session.h"
#include "app/timeline/SubtaskWatermarks.h"
#include "app/timeline/TimelineText.h"
#include "engine/output/OutputFormat.h"

#include <QCoreApplication>

#include <algorithm>

namespace tidemark::app {

QString timelineTooltip(const Session& session, const TimelineHit& hit)
{
    const Trace& trace = session.trace();
    const PipelineState& state = session.state();
    switch (hit.kind) {
    case TimelineHit::Kind::Record: {
        const InputRecord& r = session.scenario().records[hit.record];
        QString status;
        switch (session.recordStatus(hit.record)) {
        case RecordStatus::Pending:
            status = TimelineText::tr("not arrived yet");
            break;
        case RecordStatus::OnTime:
            status = TimelineText::tr("on time");
            break;
        case RecordStatus::LateAccepted:
            status = TimelineText::tr("late, within allowed lateness: re-fired its window");
            break;
        case RecordStatus::Dropped:
            status = TimelineText::tr("late: dropped");
            break;
        case RecordStatus::SideOutput:
            status = TimelineText::tr("late: sent to the side output");
            break;
        case RecordStatus::Watermark:
            status = TimelineText::tr("watermark");
            break;
        }
        const StepIndex arrived = session.arrivalStep(hit.record);
        QString text = TimelineText::tr("<b>Record #%1</b><br>key %2")
                           .arg(hit.record + 1)
                           .arg(session.keyName(r.key).toHtmlEscaped());
        if (r.hasValue)
            text += TimelineText::tr(" · value %1").arg(QString::fromStdString(formatNumber(r.value)));
        text += TimelineText::tr("<br>event time %1 (%2 ms)").arg(session.formatDateTime(r.ts)).arg(r.ts);
        if (arrived != kNoStep)
            text += TimelineText::tr("<br>arrives at step %1, processing time %2, on channel %3")
                        .arg(arrived)
                        .arg(Session::formatProcessingTime(trace.step(arrived).processingTime))
                        .arg(hit.channel);
        if (r.sourceLine > 0)
            text += TimelineText::tr("<br>line %1 of the input").arg(r.sourceLine);
        return text + TimelineText::tr("<br>status: %1").arg(status);
    }
    case TimelineHit::Kind::Window: {
        QString text = TimelineText::tr("<b>Window %1</b>").arg(session.formatWindow(hit.window).toHtmlEscaped());
        if (hit.key != kNoKey)
            text += TimelineText::tr("<br>key %1").arg(session.keyName(hit.key).toHtmlEscaped());
        if (session.subtaskCount() > 1)
            text += TimelineText::tr(" · window subtask %1").arg(hit.subtask);
        text += TimelineText::tr("<br>fires when the watermark reaches %1 (end − 1 ms)")
                    .arg(session.formatTime(hit.window.maxTimestamp()));
        if (const WindowState* w = state.findWindow(hit.subtask, hit.key, hit.window)) {
            text += TimelineText::tr("<br>%n element(s)", nullptr, int(w->count));
            if (w->cleanupTime != kMaxTimestamp)
                text += TimelineText::tr("<br>state kept until the watermark passes %1")
                            .arg(session.formatTime(w->cleanupTime));
        }
        for (std::size_t fi : trace.firesOfWindow(hit.subtask, hit.key, hit.window)) {
            const FireRecord& f = trace.fires()[fi];
            if (int(f.step) > session.currentStep())
                break;
            text += TimelineText::tr("<br>%1 at step %2: %3 (watermark %4)")
                        .arg(f.fire.timing == FireTiming::OnTime ? TimelineText::tr("fired")
                                                                 : TimelineText::tr("re-fired (late)"))
                        .arg(f.step)
                        .arg(session.formatResult(f.fire).toHtmlEscaped())
                        .arg(session.formatTime(f.fire.watermark));
        }
        return text;
    }
    case TimelineHit::Kind::Fire: {
        const FireRecord& f = trace.fires()[hit.fire];
        return TimelineText::tr("<b>%1</b> at step %2<br>window %3<br>result %4<br>operator watermark %5")
            .arg(f.fire.timing == FireTiming::OnTime ? TimelineText::tr("On-time fire")
                                                     : TimelineText::tr("Late re-fire"))
            .arg(f.step)
            .arg(session.formatWindow(f.fire.window).toHtmlEscaped())
            .arg(session.formatResult(f.fire).toHtmlEscaped())
            .arg(session.formatTime(f.fire.watermark));
    }
    case TimelineHit::Kind::ChannelWatermark: {
        const ChannelState& ch = state.channels[std::size_t(hit.channel)];
        if (hit.partition >= 0 && trace.hasPartitionWatermarks()) {
            const WatermarkPoint& own
                = Trace::at(trace.partitionWatermarks(hit.partition), StepIndex(session.currentStep()));
            return TimelineText::tr("<b>Partition %1 watermark</b> %2<br>inside reader %3, whose watermark is %4: the "
                                    "minimum over its partitions that are not idle<br>%5")
                .arg(hit.partition)
                .arg(session.formatDateTime(own.watermark))
                .arg(hit.channel)
                .arg(session.formatDateTime(ch.watermark))
                .arg(own.idle ? TimelineText::tr("idle: reader %1 ignores it").arg(hit.channel)
                              : TimelineText::tr("active: reader %1 waits for it").arg(hit.channel));
        }
        return TimelineText::tr("<b>Channel %1 watermark</b> %2<br>largest timestamp seen %3<br>%4")
            .arg(hit.channel)
            .arg(session.formatDateTime(ch.watermark))
            .arg(session.formatTime(ch.maxTimestamp))
            .arg(ch.idle ? TimelineText::tr("idle: ignored by the window operator")
                         : TimelineText::tr("%n record(s) so far", nullptr, int(ch.records)));
    }
    case TimelineHit::Kind::OperatorWatermark: {
        if (session.subtaskCount() > 1 && hit.subtask >= 0 && hit.subtask < int(state.subtasks.size())) {
            // the line of the subtasks that share this value
            for (const SubtaskWatermarkGroup& g : groupSubtaskWatermarks(state.subtasks)) {
                if (std::find(g.subtasks.begin(), g.subtasks.end(), hit.subtask) == g.subtasks.end())
                    continue;
                QString text
                    = TimelineText::tr("<b>Operator watermark of window %1</b> %2<br>each subtask's valve takes the "
                                       "minimum over its active input channels")
                          .arg(subtaskNames(g.subtasks), session.formatDateTime(g.watermark));
                if (g.minChannel >= 0)
                    text += TimelineText::tr("<br>channel %1 holds it back").arg(g.minChannel);
                return text;
            }
        }
        QString text = TimelineText::tr("<b>Operator watermark</b> %1<br>the minimum over the active channels")
                           .arg(session.formatDateTime(session.operatorWatermark()));
        if (!state.subtasks.empty() && state.subtasks.front().minChannel >= 0)
            text += TimelineText::tr("<br>channel %1 holds it back").arg(state.subtasks.front().minChannel);
        return text;
    }
    default:
        return {};
    }
}

} // namespace tidemark::app
