#include "ScenarioDifference.h"
#include "engine/compare/GraphDifferences.h"
#include "engine/export/FlinkSqlJob.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/player/GraphHolds.h"
#include "engine/player/GraphPlayer.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

namespace {

// A job graph small enough in time and channels for the fuzzer's per-input time limit: its run is bounded by the
// periodic emissions up to the last arrival (RunLimits), which a fuzzed arrival far in the future makes long.
bool quickToRun(const tidemark::Scenario& s)
{
    using namespace tidemark;
    if (s.arrivals.spacingMs > 10'000 || s.arrivals.atEventTime() || s.inputEndMs.value_or(0) > 1'000'000)
        return false;
    int channels = 0;
    for (const GraphSource& source : s.graph->sources) {
        channels += source.watermarks.parallelism;
        if (source.watermarks.periodMs < 10 || source.watermarks.idlenessMs > 1'000'000)
            return false;
        for (const InputRecord& r : source.records) {
            if (r.arrival != kMinTimestamp && (r.arrival < 0 || r.arrival > 1'000'000))
                return false;
        }
    }
    return channels <= 16;
}

// The export takes the scenario as a DataStream and as a SQL program, or refuses it with a reason; nothing else.
void exportsOrRefuses(const tidemark::Scenario& s)
{
    using namespace tidemark;
    flinkjob::ExportOptions options;
    options.sourceName = "fuzz.json";
    options.tidemarkVersion = "fuzz";
    for (const bool sql : {false, true}) {
        std::string refusal;
        const auto project
            = sql ? flinkjob::exportSqlJob(s, options, refusal) : flinkjob::exportJob(s, options, refusal);
        if (project ? project->files.empty() : refusal.empty())
            __builtin_trap();
    }
}

} // namespace

// Any input either fails with one positioned error, or loads; a loaded scenario must save to text that loads back
// to the same scenario and saves to the same text again, and a loaded job graph runs to its end, prints each step,
// seeks, and runs again from its saved text with no difference that compare finds; the export writes or refuses it.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tidemark;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto first = io::parseScenarioWithoutInput(text, "fuzz.json", true);
    if (!first.ok()) {
        if (first.errors.size() != 1 || first.errors.front().where.line == 0)
            __builtin_trap();
        return 0;
    }
    if (first.value->graph) {
        try {
            if (quickToRun(*first.value)) {
                // its run, every step as --steps prints it, a seek, a step back and the holds then
                GraphPlayer player(*first.value);
                const GraphRun& run = player.run();
                (void)output::graphOutputLines(run, *first.value);
                std::size_t outputs = run.trace().outputsOf(0).size();
                for (StepIndex s = 1; s < run.stepCount(); ++s) {
                    outputs += run.trace().outputsOf(s).size();
                    (void)output::graphStepText(run, s);
                    (void)output::graphStepJson(run, s);
                }
                if (outputs != run.outputs().size())
                    __builtin_trap(); // every output belongs to one step
                player.seek(player.lastStep() / 2);
                player.stepBack();
                (void)GraphHolds(run, scenarioTimes(*first.value)).at(player.state(), player.current());
                // the graph saved and read back runs the same: compare finds no difference, nor between two runs
                const auto reread = io::parseScenarioWithoutInput(io::saveScenario(*first.value), "saved.json", true);
                if (!reread.ok() || compare::eventsDiffer(*first.value, *reread.value))
                    __builtin_trap();
                const GraphRun again(*reread.value);
                if (!compare::compareGraphRuns(run, again).empty())
                    __builtin_trap();
                exportsOrRefuses(*first.value);
            }
        } catch (const std::exception&) {
            // the job fails as Flink's would (e.g. a run beyond the periodic-emission budget): a message, no crash
        }
    }
    if (!first.value->graph)
        exportsOrRefuses(*first.value);
    const std::string saved = io::saveScenario(*first.value);
    const auto second = io::parseScenarioWithoutInput(saved, "saved.json", true);
    if (!second.ok())
        __builtin_trap();
    if (test::scenarioDifference(*first.value, *second.value))
        __builtin_trap();
    if (io::saveScenario(*second.value) != saved)
        __builtin_trap();
    return 0;
}
