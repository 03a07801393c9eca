#pragma once

#include "engine/core/Scenario.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"

#include <iosfwd>
#include <memory>
#include <string>

namespace tidemark::cli {

// Buffers stdout and writes it out in large pieces: Flink's print lines, or the JSON lines of the scenario format.
class OutputWriter {
public:
    // `streamed`: the records are read as they are played, so their range is unknown while lines are written:
    // `auto` writes epoch milliseconds, and date-times always carry their date.
    OutputWriter(std::ostream& out, const Scenario& scenario, bool jsonl, bool streamed = false);
    ~OutputWriter();
    OutputWriter(const OutputWriter&) = delete;
    OutputWriter& operator=(const OutputWriter&) = delete;

    // How event times are written beside Flink's printed text (scenarioTimes; none in JSON lines).
    const output::TextTimes& times() const { return m_times; }

    void fire(const FireEvent& f);
    void late(const LateEvent& l);
    void line(const std::string& text);
    void flush();

private:
    void maybeFlush();

    std::ostream& m_out;
    const Scenario& m_scenario;
    bool m_jsonl;
    output::TextTimes m_times;
    std::string m_buffer;
};

// Writes a recorded run in the order it happened: each step's lines (with --steps, --explain) before the
// outputs the step produced. It can be called again as the run grows (a live source): it goes on from the
// last step it wrote.
class TraceWriter {
public:
    TraceWriter(OutputWriter& out, const Player& player, bool steps, bool explain, bool jsonl);
    ~TraceWriter();

    // Every step after the last one written up to `last`, with its outputs.
    void writeThrough(StepIndex last);
    StepIndex written() const { return m_written; }

private:
    void writeStepsUpTo(StepIndex step);

    OutputWriter& m_out;
    const Player& m_player;
    bool m_steps;
    bool m_explain;
    bool m_jsonl;
    std::unique_ptr<Narrator> m_narrator;
    StepIndex m_written = 0;
};

} // namespace tidemark::cli
