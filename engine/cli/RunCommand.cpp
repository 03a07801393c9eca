#include "engine/cli/RunCommand.h"

#include "engine/cli/LiveCommand.h"
#include "engine/cli/RunOptions.h"
#include "engine/cli/SpooledInput.h"
#include "engine/cli/StreamingRunner.h"
#include "engine/cli/TraceWriter.h"
#include "engine/io/EventFileHead.h"
#include "engine/io/Installation.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/GraphHolds.h"
#include "engine/player/GraphPlayer.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"
#include "engine/player/RunLimits.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace tidemark::cli {

const char* runUsage()
{
    return "usage: tidemark run SCENARIO.json [options]\n"
           "       tidemark run EVENTS.csv|.txt|.jsonl [options]\n"
           "       tidemark run EXAMPLE [options]\n"
           "       tidemark run --events FILE --fields key=0,ts=1 --tumbling 3s [options]\n"
           "       tidemark run EXAMPLE --socket HOST:PORT | --listen [HOST:]PORT [options]\n"
           "       tidemark run [SCENARIO] --kafka BOOTSTRAP --topic TOPIC [options]\n"
           "\n"
           "Plays a scenario, or an event file with the job given by the options, to its end and prints what\n"
           "the window operator outputs, in order. With a scenario, the options override what it says.\n"
           "EXAMPLE is the name of a built-in example (tidemark run --list-examples), such as\n"
           "post002-allowed-lateness.\n"
           "\n"
           "Output:\n"
           "  --format text|jsonl        readable lines in Flink's print manner (default), or one JSON object\n"
           "                             per line: {\"type\":\"fire\",...} and {\"type\":\"late\",...}\n"
           "  --time-format F            text output's event times beside Flink's printed part: auto (as the\n"
           "                             app: date-times when they are dates of 2000-2100, else numbers),\n"
           "                             epoch-ms (the numbers Flink prints), datetime, relative\n"
           "  --steps                    also print every step of the event queue\n"
           "  --explain                  explain every step in words, with the numbers and the rule; for a\n"
           "                             job graph, what holds each operator at the end (with --steps, as\n"
           "                             each step changes it) and the idleness that would release it\n"
           "  --save-scenario OUT.json   also write what was run as a scenario (the events file is referenced\n"
           "                             relative to OUT's folder; records read from standard input or a pipe\n"
           "                             are written into it); running OUT.json gives the same output\n"
           "\n"
           "Input (an events file instead of, or in place of, the scenario's records):\n"
           "  --events FILE              the events file; - (or a pipe, a FIFO, /dev/stdin) reads standard input\n"
           "                             to its end, then runs it as a file\n"
           "  --events-format csv|text|jsonl   its format; default from the extension (.csv .tsv, .txt .log,\n"
           "                             .jsonl .ndjson .json). --format is the OUTPUT format.\n"
           "  --fields MAPPING           which columns or fields hold key, value, ts, arrival, channel:\n"
           "                             key=0,ts=1 (columns by index)  key=id,value=temp,ts=time (by name)\n"
           "                             key=a+b (a composite key); key= (empty) removes a field\n"
           "  --delimiter C              csv delimiter (default ,; tab for tabs)\n"
           "  --header | --no-header     csv: the first line names the columns, or not (default: detected)\n"
           "  --ts-unit ms|s             numeric timestamps in milliseconds (default) or seconds\n"
           "  --ts-pattern PATTERN       timestamps like 'yyyy-MM-dd HH:mm:ss.SSS' ...\n"
           "  --ts-zone ZONE             ... in this time zone (e.g. Asia/Shanghai; default UTC)\n"
           "  --lenient                  skip bad lines; how many and the first 20 are reported on stderr\n"
           "  --arrivals SCHEDULE        when records without an arrival arrive in processing time:\n"
           "                             event-time (as they happened; event-time:N, N times faster),\n"
           "                             N/s (N records a second; default 1/s), backlog (all at once, read\n"
           "                             before the first periodic watermark) or a duration between records\n"
           "\n"
           "Live input (docs/live-sources.md): lines as they come, each read as the events file would be\n"
           "(the scenario's format and fields, --events-format/--fields, or csv key,ts[,value]); a line's\n"
           "arrival is when it was read. Outputs print as they happen; bad lines go to stderr with\n"
           "source:line:column (skipped with --lenient, else the first one ends the run).\n"
           "  --socket HOST:PORT         read from a server socket, as socketTextStream(host, port) does;\n"
           "                             the run ends when the peer closes\n"
           "  --socket-retries N         socketTextStream's maxRetry: reconnect while fewer than N closes\n"
           "                             (-1 for ever, 0 default)\n"
           "  --listen [HOST:]PORT       listen as nc -lk PORT (this machine only unless HOST is given; 0: a\n"
           "                             free port); any number of clients; Ctrl+C ends the run\n"
           "  --until-idle SECONDS       with --listen: end once every client has closed and none came for this\n"
           "  --forward HOST:PORT        with --listen: pass every line on to whoever connects there (a Flink\n"
           "                             job's socketTextStream), so Flink sees what Tidemark sees\n"
           "  --kafka BOOTSTRAP          read a Kafka topic (HOST:PORT[,HOST:PORT...]) as a KafkaSource does, every\n"
           "                             partition, and follow it; a record is read as the JSON line\n"
           "                             {partition, offset, timestamp, timestampType, key, value[, columns]}:\n"
           "                             ts, key, partition and offset by default, --fields ts=value.time etc.\n"
           "  --topic TOPIC              with --kafka: the topic; its partitions are the job's\n"
           "  --from earliest|latest|MS  with --kafka: where each partition starts (default earliest; MS: the\n"
           "                             first record at or after that epoch-ms time)\n"
           "  --max-records N            with --kafka: end the run after N records\n"
           "  --kafka-watermarks W       with --kafka: per-partition (fromSource(source, strategy), default) or\n"
           "                             after-source (assignTimestampsAndWatermarks after it)\n"
           "  --save-scenario OUT.json   writes the live run with every arrival; running it replays it exactly\n"
           "\n"
           "Window:\n"
           "  --tumbling SIZE | --sliding SIZE/SLIDE | --cumulate MAX/STEP | --session GAP | --global\n"
           "  --offset DURATION          window offset, e.g. -8h for days aligned to UTC+8\n"
           "  --key-by FIELD|none        the key (a column or field of the events file; none = windowAll);\n"
           "                             default: keyed when --fields has a key\n"
           "  --function F               count | sum:FIELD | min:FIELD | max:FIELD | avg:FIELD | list[:FIELD]\n"
           "                             (FIELD: value, ts, or a column/field of the events file);\n"
           "                             default: list when there is a value, else count\n"
           "  --trigger T                default | event-time | processing-time | count:N |\n"
           "                             continuous-event-time:INTERVAL | never | end-of-stream\n"
           "  --purging                  wrap the trigger in a PurgingTrigger\n"
           "  --lateness DURATION        allowed lateness\n"
           "  --side-output              late records go to a side output instead of being dropped\n"
           "\n"
           "Watermarks and topology:\n"
           "  --strategy S               bounded-out-of-orderness (default) | monotonous |\n"
           "                             legacy-bounded-out-of-orderness | input\n"
           "  --out-of-orderness DURATION   the bound of the bounded strategies (default 0)\n"
           "  --flink-version V          the Flink release line to decide as: 1.20 | 2.3 (default 2.3)\n"
           "  --emit per-event|periodic  watermark emission (default periodic)\n"
           "  --period DURATION          the periodic interval (default 200ms)\n"
           "  --idleness DURATION        withIdleness (default off)\n"
           "  --parallelism N            env.setParallelism: watermark channels and window subtasks\n"
           "  --window-parallelism W     window subtasks only\n"
           "  --source-parallelism N     source subtasks (forward partitioning)\n"
           "  --partitioning P           rebalance (default) | forward | channel\n"
           "  --first-channel C          where rebalance starts (default 0)\n"
           "  --end-of-input none|max-watermark|drain   an unbounded source (default), a bounded one, or one\n"
           "                             stopped with flink stop --drain when the input ends\n"
           "\n"
           "Durations: 500ms, 2s, 1.5s, 5min, 1h, 1d, or a plain number of milliseconds.\n"
           "\n"
           "Large inputs: an events file over 64 MiB is streamed (memory stays bounded; the same output).\n"
           "A bad line then stops the run after the outputs already printed. --stream streams any input,\n"
           "--no-stream never does. --steps and --explain need the whole run in memory.\n"
           "Progress goes to stderr when stderr is a terminal or the file is over 64 MiB.\n"
           "\n"
           "Exit status: 0 ok, 1 invalid scenario or input, or the job failed, 2 usage error.\n"
           "\n"
           "  --list-examples            list the built-in examples and where they are installed\n"
           "  --version                  print the version\n"
           "  --help                     show this text\n";
}

namespace {

namespace fs = std::filesystem;

// Files larger than this are streamed and report progress.
constexpr std::uint64_t kLargeFileBytes = std::uint64_t(64) << 20;

int usageError(std::ostream& err, const std::string& message)
{
    err << "tidemark run: " << message << "\n\n" << runUsage();
    return 2;
}

int optionError(std::ostream& err, const std::string& message)
{
    err << "tidemark run: " << message << "\n(tidemark run --help lists the options)\n";
    return 2;
}

// Progress of a large file on stderr: one line redrawn on a terminal, a line per 10 % otherwise.
class ProgressReporter {
public:
    ProgressReporter(std::ostream& err, std::string name, bool terminal)
        : m_err(err)
        , m_name(std::move(name))
        , m_terminal(terminal)
    { }
    ~ProgressReporter()
    {
        if (m_terminal && m_drawn)
            m_err << "\n" << std::flush;
    }
    ProgressReporter(const ProgressReporter&) = delete;
    ProgressReporter& operator=(const ProgressReporter&) = delete;

    void operator()(std::uint64_t done, std::uint64_t total)
    {
        const auto mb = [](std::uint64_t b) { return std::to_string(b >> 20); };
        const int percent = total > 0 ? static_cast<int>(std::min<std::uint64_t>(100, done * 100 / total)) : -1;
        const int step = m_terminal ? percent : (percent < 0 ? -1 : percent / 10 * 10);
        if (percent >= 0 && step == m_last)
            return;
        m_last = step;
        const std::string text = "tidemark run: reading " + m_name + ": "
            + (percent >= 0 ? std::to_string(percent) + "% (" + mb(done) + " of " + mb(total) + " MiB)"
                            : mb(done) + " MiB");
        if (m_terminal) {
            m_err << "\r" << text << std::flush;
            m_drawn = true;
        } else {
            m_err << text << "\n" << std::flush;
        }
    }

private:
    std::ostream& m_err;
    std::string m_name;
    bool m_terminal;
    bool m_drawn = false;
    int m_last = -2;
};

void reportSkipped(
    std::ostream& err, const std::string& file, std::uint64_t skipped, const std::vector<io::LoadError>& shown)
{
    if (skipped == 0)
        return;
    err << "tidemark run: skipped " << skipped << " bad line" << (skipped == 1 ? "" : "s") << " of " << file
        << " (lenient)" << (skipped > shown.size() ? "; the first " + std::to_string(shown.size()) : std::string())
        << ":\n";
    for (const auto& e : shown)
        err << "  " << e.toString() << "\n";
    if (skipped > shown.size())
        err << "  ... and " << skipped - shown.size() << " more\n";
}

struct RunContext {
    const RunOptions& options;
    std::ostream& out;
    std::ostream& err;
    bool stderrIsTerminal = false;
    std::string name; // what messages about the run name: the scenario, or the events file
    std::string eventsName; // what messages call the events when they were read from a copy (stdin)
};

int playRecorded(Scenario scenario, const fs::path& inputBase, const RunContext& ctx, std::uint64_t fileBytes)
{
    const RunOptions& o = ctx.options;
    std::uint64_t skipped = 0;
    std::vector<io::LoadError> shown;
    std::string eventsName;
    if (scenario.inputFile) {
        eventsName = ctx.eventsName.empty() ? (inputBase / scenario.inputFile->file).string() : ctx.eventsName;
        io::LoadOptions load;
        load.sourceName = ctx.eventsName;
        std::unique_ptr<ProgressReporter> progress;
        if (ctx.stderrIsTerminal || fileBytes > kLargeFileBytes) {
            progress = std::make_unique<ProgressReporter>(ctx.err, eventsName, ctx.stderrIsTerminal);
            load.progress = [&](std::uint64_t d, std::uint64_t t) { (*progress)(d, t); };
        }
        auto loaded = io::loadScenarioInput(std::move(scenario), inputBase, load);
        progress.reset();
        if (!loaded.ok()) {
            ctx.err << loaded.errorText();
            return 1;
        }
        skipped = loaded.skippedLines;
        shown = std::move(loaded.errors);
        scenario = std::move(*loaded.value);
        if (scenario.records.empty()) {
            // nothing to run: an events file without a record is a mistake, not an empty result
            reportSkipped(ctx.err, eventsName, skipped, shown);
            ctx.err << eventsName << ": no records: "
                    << (skipped > 0 ? "every line that is not a header was skipped as bad"
                                    : "it holds a header line only (give --no-header if it is a record)")
                    << "\n";
            return 1;
        }
    }
    int status = 0;
    try {
        const Player player(std::move(scenario));
        const Scenario& s = player.scenario();
        const Trace& trace = player.trace();
        OutputWriter writer(ctx.out, s, o.jsonl);
        TraceWriter(writer, player, o.steps, o.explain, o.jsonl)
            .writeThrough(static_cast<StepIndex>(trace.stepCount() - 1));
        writer.flush();
        if (player.failure()) {
            ctx.err << ctx.name << ": the job failed at step " << player.failure()->step << ": "
                    << player.failure()->message << "\n";
            status = 1;
        }
    } catch (const RunRefusedError& e) {
        ctx.err << ctx.name << ": " << e.what() << "\n";
        status = 1;
    } catch (const std::exception& e) {
        // The job could not even start (e.g. a pipeline Flink refuses to build): Flink fails it too.
        ctx.err << ctx.name << ": the job failed: " << e.what() << "\n";
        status = 1;
    }
    reportSkipped(ctx.err, eventsName, skipped, shown);
    return status;
}

int playStreamed(Scenario scenario, const fs::path& inputBase, const RunContext& ctx, std::uint64_t fileBytes)
{
    struct Stop { };
    OutputWriter writer(ctx.out, scenario, ctx.options.jsonl, scenario.inputFile.has_value());
    std::optional<StreamingRunner> runner;
    try {
        runner.emplace(scenario.pipeline, scenario.keys, scenario.arrivals, [&](const OperatorOutput& o) {
            if (const auto* f = std::get_if<FireEvent>(&o))
                writer.fire(*f);
            else
                writer.late(std::get<LateEvent>(o));
        });
    } catch (const std::exception& e) {
        ctx.err << ctx.name << ": the job failed: " << e.what() << "\n";
        return 1;
    }
    std::string eventsName = ctx.name;
    if (KafkaSplitEnds::applies(scenario.pipeline)) {
        // A bounded topic's splits finish after their partitions' last records: a first pass finds them.
        SplitEndsPass pass(scenario.pipeline, scenario.arrivals);
        if (scenario.inputFile) {
            KeyTable keys = scenario.keys; // the second pass interns the keys in the run's table
            io::LoadOptions load;
            load.sourceName = ctx.eventsName;
            load.lenient = scenario.lenient;
            io::streamEventFile(inputBase / scenario.inputFile->file, *scenario.inputFile, keys, load,
                rules::recordRulesFor(scenario.pipeline), [&](std::span<const InputRecord> batch) {
                    for (const InputRecord& r : batch)
                        pass.add(r);
                });
        } else {
            for (const InputRecord& r : scenario.records)
                pass.add(r);
        }
        runner->setSplitEnds(pass.finish());
    }
    io::Loaded<io::EventFileContents> loaded;
    bool stopped = false;
    if (scenario.inputFile) {
        eventsName = ctx.eventsName.empty() ? (inputBase / scenario.inputFile->file).string() : ctx.eventsName;
        io::LoadOptions load;
        load.sourceName = ctx.eventsName;
        load.lenient = scenario.lenient;
        std::unique_ptr<ProgressReporter> progress;
        if (ctx.stderrIsTerminal || fileBytes > kLargeFileBytes) {
            progress = std::make_unique<ProgressReporter>(ctx.err, eventsName, ctx.stderrIsTerminal);
            load.progress = [&](std::uint64_t d, std::uint64_t t) { (*progress)(d, t); };
        }
        try {
            loaded = io::streamEventFile(inputBase / scenario.inputFile->file, *scenario.inputFile, scenario.keys, load,
                rules::recordRulesFor(scenario.pipeline), [&](std::span<const InputRecord> batch) {
                    for (const InputRecord& r : batch) {
                        if (!runner->push(r))
                            throw Stop {}; // no use reading on: the run has ended
                    }
                });
        } catch (const Stop&) {
            stopped = true;
        }
        progress.reset();
        if (!stopped && !loaded.ok()) {
            writer.flush();
            ctx.err << loaded.errorText();
            return 1;
        }
    } else {
        for (const InputRecord& r : scenario.records) {
            if (!runner->push(r))
                break;
        }
    }
    if (!runner->stopped())
        runner->finish(scenario.inputEndMs);
    writer.flush();
    int status = 0;
    if (const auto& order = runner->orderError()) {
        ctx.err << eventsName << ":" << order->line << ": the record arrives at " << order->arrival
                << ", before the record of line " << order->playedLine << " (arrival " << order->playedArrival
                << ") that was already played: a streamed run looks only " << StreamingRunner::kDefaultLookAhead
                << " records ahead for earlier arrivals; sort the file by arrival, or run it with --no-stream\n";
        status = 1;
    } else if (const auto& failure = runner->failure()) {
        ctx.err << ctx.name << ": the job failed at step " << failure->step << ": " << failure->message << "\n";
        status = 1;
    } else if (const auto& refusal = runner->refusal()) {
        ctx.err << ctx.name << ": " << *refusal << "\n";
        status = 1;
    }
    if (!stopped)
        reportSkipped(ctx.err, eventsName, loaded.skippedLines, loaded.errors);
    return status;
}

// Writes --save-scenario's file: the scenario, its event files referenced from the new file's folder.
bool saveScenarioFile(const Scenario& scenario, const fs::path& inputBase, const std::string& path, std::ostream& err)
{
    const std::string text = io::saveScenario(scenarioForSaving(scenario, inputBase, path));
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file)
        err << "tidemark run: cannot write " << path << "\n";
    return bool(file);
}

// A job graph's scenario, run to its end: every operator's outputs behind its print(name) prefix. The options
// that change a chain's job have no place here: the graph is the file's.
int playGraph(const std::string& path, const RunOptions& o, std::ostream& out, std::ostream& err)
{
    if (o.hasOverrides()) {
        err << "tidemark run: " << path
            << " is a job graph: run it as the file describes it, with --format, --time-format, --steps, "
               "--explain and --save-scenario only (options that change the job apply to a chain)\n";
        return 2;
    }
    io::LoadOptions options;
    options.jobGraphs = true;
    auto loaded = io::loadScenarioFile(path, options);
    if (!loaded.ok()) {
        err << loaded.errorText();
        return 1;
    }
    Scenario& scenario = *loaded.value;
    if (o.timeFormat)
        scenario.display.timeFormat = *o.timeFormat;
    if (o.saveScenarioPath && !saveScenarioFile(scenario, fs::path(path).parent_path(), *o.saveScenarioPath, err))
        return 1;
    try {
        GraphPlayer player(scenario);
        const GraphRun& run = player.run();
        const output::OutputLines lines = output::graphOutputLines(run, scenario);
        const std::vector<std::string>& printed = o.jsonl ? lines.json : lines.text;
        const TimeFormatter times = scenarioTimes(scenario);
        const output::TextTimes textTimes(times);
        const auto writeHolds = [&](const std::vector<GraphHold>& holds, const std::vector<GraphHold>* before) {
            for (std::size_t i = 0; i < holds.size(); ++i) {
                const GraphHold& h = holds[i];
                if (before && (*before)[i].text == h.text)
                    continue; // with --steps, what changed only
                const std::string& name = run.graph().operators[static_cast<std::size_t>(h.op)].name;
                if (o.jsonl)
                    out << "{\"type\":\"held\",\"step\":" << player.current() << ",\"operator\":" << jsonString(name)
                        << ",\"subtask\":" << h.subtask << ",\"watermark\":" << h.watermark
                        << ",\"why\":" << jsonString(h.text) << "}\n";
                else
                    out << "# " << h.text << "\n";
            }
        };
        if (!o.steps) {
            for (const std::string& line : printed)
                out << line << "\n";
            if (o.explain) // where each operator's event time stands at the end, and what holds it there
                writeHolds(GraphHolds(run, times).atEnd(), nullptr);
        } else {
            // every step, then what it printed; with --explain, each hold that the step changed
            const GraphHolds explainer(run, times);
            std::vector<GraphHold> holds = explainer.at(player.state(), player.current());
            while (player.stepForward()) {
                const StepIndex step = player.current();
                out << (o.jsonl ? output::graphStepJson(run, step) : output::graphStepText(run, step, textTimes))
                    << "\n";
                const std::size_t first = run.trace().step(step).firstOutput;
                for (std::size_t i = first; i < first + run.trace().outputsOf(step).size(); ++i)
                    out << printed[i] << "\n";
                if (o.explain) {
                    std::vector<GraphHold> now = explainer.at(player.state(), player.current());
                    writeHolds(now, &holds);
                    holds = std::move(now);
                }
            }
        }
    } catch (const RunRefusedError& e) {
        err << path << ": " << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        err << path << ": the job failed: " << e.what() << "\n";
        return 1;
    }
    reportSkipped(err, path, loaded.skippedLines, loaded.errors);
    return 0;
}

// The built-in examples, one a line: the name `tidemark run NAME` takes and the example's title.
int listExamples(std::ostream& out, std::ostream& err)
{
    const auto examples = io::examples();
    if (examples.empty()) {
        err << "tidemark run: no built-in examples in " << io::examplesDirectory().string()
            << " (is Tidemark installed completely?)\n";
        return 1;
    }
    const auto graphs = io::graphExamples();
    std::size_t width = 0;
    for (const auto* list : {&examples, &graphs}) {
        for (const auto& e : *list)
            width = std::max(width, e.name.size());
    }
    const auto print = [&](const std::vector<io::Example>& list) {
        for (const auto& e : list) {
            const auto loaded = io::loadScenarioFileWithoutInput(e.path, true);
            out << e.name << std::string(width + 3 - e.name.size(), ' ') << (loaded.ok() ? loaded.value->name : "")
                << "\n";
        }
    };
    print(examples);
    out << "\n(" << io::examplesDirectory().string() << ")\n";
    if (!graphs.empty()) {
        out << "\nJob graphs (docs/job-graph.md; the app opens chains only, for now):\n";
        print(graphs);
        out << "\n(" << io::graphExamplesDirectory().string() << ")\n";
    }
    return 0;
}

int run(const std::vector<std::string_view>& args, std::ostream& stdOut, std::ostream& stdErr, bool stderrIsTerminal)
{
    ParsedArguments parsed = parseRunArguments(args);
    switch (parsed.info) {
    case ParsedArguments::Info::Help:
        stdOut << runUsage();
        return 0;
    case ParsedArguments::Info::Version:
        stdOut << "Tidemark " << io::version() << "\n";
        return 0;
    case ParsedArguments::Info::ListExamples:
        return listExamples(stdOut, stdErr);
    case ParsedArguments::Info::None:
        break;
    }
    if (!parsed.options)
        return usageError(stdErr, parsed.error);
    // Standard input or a pipe can be read once only: it is read to its end into a copy first, so that
    // its layout can be guessed from its first lines and every record then read from that copy.
    std::optional<SpooledInput> spooled;
    if (parsed.options->events && SpooledInput::needed(*parsed.options->events)) {
        std::string error;
        spooled = SpooledInput::spool(*parsed.options->events, error);
        if (!spooled) {
            stdErr << "tidemark run: " << error << "\n";
            return 1;
        }
        parsed.options->eventsName = spooled->name();
        parsed.options->events = spooled->path().string();
    }
    if (RunOptions& given = *parsed.options; !given.scenarioPath.empty() && !io::isScenarioPath(given.scenarioPath)
        && !io::findExample(given.scenarioPath)) {
        // an events file opens as the app opens it: its layout guessed, the job from the options
        if (given.events) {
            stdErr << "tidemark run: " << given.scenarioPath << " is an events file, and --events gives another: "
                   << "give one of them\n";
            return 2;
        }
        given.events = std::exchange(given.scenarioPath, std::string());
    }
    const RunOptions& o = *parsed.options;

    std::optional<Scenario> base;
    fs::path inputBase;
    std::string scenarioPath = o.scenarioPath;
    if (!scenarioPath.empty()) {
        std::error_code ec;
        if (!fs::exists(scenarioPath, ec)) {
            if (const auto example = io::findExample(scenarioPath))
                scenarioPath = example->string();
        }
        auto loaded = io::loadScenarioFileWithoutInput(scenarioPath, true);
        if (!loaded.ok()) {
            stdErr << loaded.errorText();
            return 1;
        }
        if (loaded.value->graph)
            return playGraph(scenarioPath, o, stdOut, stdErr);
        base = std::move(*loaded.value);
        inputBase = fs::path(scenarioPath).parent_path();
    }
    if (o.events) {
        // refused at the door, before a layout is guessed or a job built from it
        if (auto why = io::eventFileRefusal(*o.events)) {
            stdErr << o.eventsShownAs() << ": " << *why << "\n";
            return 1;
        }
    }
    AppliedScenario applied = applyRunOptions(std::move(base), inputBase, o);
    if (!applied.inputRefused.empty()) {
        stdErr << applied.inputRefused << "\n";
        return 1;
    }
    if (!applied.scenario)
        return optionError(stdErr, applied.error);
    Scenario& scenario = *applied.scenario;
    if (!applied.guessedInput.empty())
        stdErr << "tidemark run: " << applied.guessedInput << "\n";
    if (o.hasOverrides()) {
        // Every rule of the scenario format holds for the result too: check it as a saved scenario.
        const auto check = io::parseScenarioWithoutInput(io::saveScenario(scenario), "options");
        if (!check.ok())
            return optionError(stdErr, "the options make an invalid job: " + check.errors.front().message);
    }
    if (o.live())
        return playLive(std::move(scenario), o, stdOut, stdErr);
    if (o.saveScenarioPath) {
        Scenario saved = scenario;
        if (spooled && saved.inputFile) {
            // the copy goes when the run ends: the scenario keeps the records themselves
            io::LoadOptions load;
            load.sourceName = spooled->name();
            auto loaded = io::loadScenarioInput(std::move(saved), applied.inputBase, load);
            if (!loaded.ok()) {
                stdErr << loaded.errorText();
                return 1;
            }
            saved = std::move(*loaded.value);
            saved.inputFile.reset();
        }
        if (!saveScenarioFile(saved, applied.inputBase, *o.saveScenarioPath, stdErr))
            return 1;
    }

    std::uint64_t fileBytes = 0;
    if (scenario.inputFile) {
        std::error_code ec;
        const auto size = fs::file_size(applied.inputBase / scenario.inputFile->file, ec);
        fileBytes = ec ? 0 : size;
    }
    bool stream = o.streaming == RunOptions::Streaming::Always;
    if (o.streaming == RunOptions::Streaming::Auto && !o.steps && !o.explain)
        stream = fileBytes > kLargeFileBytes;
    const RunContext ctx {o, stdOut, stdErr, stderrIsTerminal,
        scenarioPath.empty() ? (spooled ? spooled->name() : (applied.inputBase / scenario.inputFile->file).string())
                             : scenarioPath,
        spooled ? spooled->name() : std::string()};
    return stream ? playStreamed(std::move(scenario), applied.inputBase, ctx, fileBytes)
                  : playRecorded(std::move(scenario), applied.inputBase, ctx, fileBytes);
}

} // namespace

int runCommand(int argc, char** argv)
{
    std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    return run(args, std::cout, std::cerr, isatty(STDERR_FILENO) == 1);
}

int runCommand(int argc, char** argv, std::ostream& stdOut, std::ostream& stdErr)
{
    std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    return run(args, stdOut, stdErr, false);
}

} // namespace tidemark::cli
