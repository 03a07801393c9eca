#include "engine/cli/TraceWriter.h"

#include "engine/output/OutputFormat.h"
#include "engine/player/TimeFormat.h"

#include <ostream>

namespace tidemark::cli {

namespace {

output::TextTimes textTimes(const Scenario& scenario, bool jsonl, bool streamed)
{
    if (jsonl)
        return {};
    if (!streamed)
        return output::TextTimes(scenarioTimes(scenario));
    TimeFormatter times(resolvedDisplay(scenario.display, EventTimeRange {}));
    times.showDatesAcross(0, 2 * 86'400'000); // any two days: whatever days the records turn out to cross
    return output::TextTimes(times);
}

} // namespace

OutputWriter::OutputWriter(std::ostream& out, const Scenario& scenario, bool jsonl, bool streamed)
    : m_out(out)
    , m_scenario(scenario)
    , m_jsonl(jsonl)
    , m_times(textTimes(scenario, jsonl, streamed))
{ }

OutputWriter::~OutputWriter()
{
    flush();
}

void OutputWriter::fire(const FireEvent& f)
{
    m_buffer += m_jsonl ? output::fireJson(f, m_scenario.keys)
                        : output::fireText(f, m_scenario.keys, m_scenario.pipeline.window.subtasks(), m_times);
    m_buffer += '\n';
    maybeFlush();
}

void OutputWriter::late(const LateEvent& l)
{
    m_buffer += m_jsonl ? output::lateJson(l, m_scenario.keys)
                        : output::lateText(l, m_scenario.keys, m_scenario.pipeline.window.subtasks(), m_times);
    m_buffer += '\n';
    maybeFlush();
}

void OutputWriter::line(const std::string& text)
{
    m_buffer += text;
    m_buffer += '\n';
    maybeFlush();
}

void OutputWriter::flush()
{
    m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
    m_out.flush();
    m_buffer.clear();
}

void OutputWriter::maybeFlush()
{
    if (m_buffer.size() > (1u << 16)) {
        m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
        m_buffer.clear();
    }
}

TraceWriter::TraceWriter(OutputWriter& out, const Player& player, bool steps, bool explain, bool jsonl)
    : m_out(out)
    , m_player(player)
    , m_steps(steps)
    , m_explain(explain)
    , m_jsonl(jsonl)
{
    if (m_explain)
        m_narrator = std::make_unique<Narrator>(player.scenario());
}

TraceWriter::~TraceWriter() = default;

void TraceWriter::writeStepsUpTo(StepIndex last)
{
    if (!m_steps && !m_explain) {
        m_written = std::max(m_written, last);
        return;
    }
    const Trace& trace = m_player.trace();
    const Scenario& s = m_player.scenario();
    for (; m_written < last; ++m_written) {
        const StepIndex step = m_written + 1;
        if (m_steps)
            m_out.line(m_jsonl ? output::stepJson(trace, step, s) : output::stepText(trace, step, s, m_out.times()));
        if (m_explain) {
            const std::string text = m_narrator->narrate(m_player.detailAt(step), trace).text();
            if (m_jsonl)
                m_out.line(
                    "{\"type\":\"explain\",\"step\":" + std::to_string(step) + ",\"text\":" + jsonString(text) + "}");
            else
                m_out.line("[step " + std::to_string(step) + ", "
                    + TimeFormatter::processingTime(trace.step(step).processingTime) + "] " + text);
        }
    }
}

void TraceWriter::writeThrough(StepIndex last)
{
    if (last <= m_written)
        return;
    const Trace& trace = m_player.trace();
    const auto fires = trace.firesInSteps(m_written + 1, last);
    const auto lates = trace.latesInSteps(m_written + 1, last);
    std::size_t fi = 0;
    std::size_t li = 0;
    // Fires and late records merged back into the one order they were produced in.
    while (fi < fires.size() || li < lates.size()) {
        if (li == lates.size() || (fi < fires.size() && fires[fi].sequence < lates[li].sequence)) {
            writeStepsUpTo(fires[fi].step);
            m_out.fire(fires[fi++].fire);
        } else {
            writeStepsUpTo(lates[li].step);
            m_out.late(lates[li++].late);
        }
    }
    writeStepsUpTo(last);
}

} // namespace tidemark::cli
