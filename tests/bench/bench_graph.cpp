// What a job graph costs beside a chain of the same records, measured in one run (docs/job-graph.md):
//   graph_chain_records_per_s             the chain as the app records it (Player: trace, snapshots), the reference;
//   graph_one_window_records_per_s        the same job as a one-path graph (GraphRun: source → window), and
//   graph_one_window_vs_chain             its ratio to the chain's figure of the same run;
//   graph_window_over_window_records_per_s  a second window (per minute, max) over the first's results, and
//   graph_window_over_window_vs_one_window  its ratio to the one-window graph's: what the second window costs;
//   graph_interval_join_records_per_s     the same records as two sources (every other record), joined by key
//                                         within ±2 s (graph_interval_join_pairs of them), and
//   graph_interval_join_vs_one_window     its ratio to the one-window graph's;
//   graph_periodic_count_records_per_s    the records counted per key every 10 s by a process function (PeriodicCount:
//                                         a timer per key and period, each registration and firing recorded in the
//                                         trace, graph_periodic_count_timer_changes of them), and
//   graph_periodic_count_vs_one_window    its ratio to the one-window graph's;
//   graph_seek_p99_ms, graph_step_back_p99_ms, graph_step_forward_p99_ms  the one-window graph's run in a
//                                         GraphPlayer: a seek to a random step, a step back from there and one
//                                         forward again (CPU time of this thread), beside
//   graph_chain_seek_p99_ms               the chain player's seek in the same run, the reference.
// Records and job: the player's generated run (GeneratedScenario.h), whose 10-second windows are the graphs' first.
// Each figure is the median of the repetitions (wall time: the chain's run fills its columns on a second thread).

#include "BenchRegistry.h"
#include "GeneratedScenario.h"
#include "engine/player/GraphPlayer.h"
#include "engine/player/Player.h"

#include <random>

namespace tidemark::bench {

namespace {

GraphOperator windowOperator(std::string name, std::string input, WindowConfig window)
{
    GraphOperator op;
    op.name = std::move(name);
    op.kind = GraphOperator::Kind::Window;
    op.inputs = {std::move(input)};
    op.window = std::move(window);
    return op;
}

Scenario graphScenario(const Scenario& chain, JobGraph graph)
{
    Scenario s;
    s.keys = chain.keys;
    s.pipeline.endOfInput = chain.pipeline.endOfInput;
    s.graph = std::move(graph);
    return s;
}

template <class Run> Figure timed(const char* name, int repetitions, Run run)
{
    std::vector<double> rates;
    for (int i = 0; i < std::max(1, repetitions); ++i) {
        const double start = wallSeconds();
        const std::size_t records = run();
        rates.push_back(static_cast<double>(records) / (wallSeconds() - start));
    }
    return medianFigure(name, rates, "records/s");
}

Figure ratio(const char* name, const Figure& a, const Figure& b)
{
    return Figure {name, a.value / b.value, "x", 0, 0, 0};
}

} // namespace

JobGraph generatedJoin(const Scenario& chain)
{
    JobGraph join;
    for (const char* name : {"left", "right"}) {
        GraphSource s;
        s.name = name;
        s.watermarks = chain.pipeline.watermarks;
        join.sources.push_back(s);
    }
    for (std::size_t i = 0; i < chain.records.size(); ++i) // every other record: both sides hold every key
        join.sources[i % 2].records.push_back(chain.records[i]);
    GraphOperator between;
    between.name = "join";
    between.kind = GraphOperator::Kind::IntervalJoin;
    between.inputs = {"left", "right"};
    between.join.lowerMs = -2000;
    between.join.upperMs = 2000;
    join.operators.push_back(between);
    return join;
}

namespace {

std::vector<Figure> graphFigures(const BenchOptions& o)
{
    // The chain the player records, and the same job as graphs of its records.
    Scenario chain = generatedScenario(o.records);
    chain.pipeline.endOfInput = EndOfInput::MaxWatermark;
    const WatermarkConfig& watermarks = chain.pipeline.watermarks;

    const auto source = [&](std::string name, std::vector<InputRecord> records) {
        GraphSource s;
        s.name = std::move(name);
        s.watermarks = watermarks;
        s.records = std::move(records);
        return s;
    };
    JobGraph one;
    one.sources.push_back(source("events", chain.records));
    one.operators.push_back(windowOperator("per-10s", "events", chain.pipeline.window));
    JobGraph twice = one;
    WindowConfig perMinute;
    perMinute.assigner.sizeMs = 60'000;
    perMinute.function.type = FunctionSpec::Type::Max;
    twice.operators.push_back(windowOperator("per-minute", "per-10s", perMinute));
    const JobGraph join = generatedJoin(chain);
    JobGraph counted;
    counted.sources.push_back(source("events", chain.records));
    GraphOperator count;
    count.name = "count-per-10s";
    count.kind = GraphOperator::Kind::Process;
    count.inputs = {"events"};
    count.parallelism = chain.pipeline.window.parallelism;
    count.process.type = ProcessFunctionSpec::Type::PeriodicCount;
    count.process.intervalMs = 10'000;
    counted.operators.push_back(count);

    const Scenario oneScenario = graphScenario(chain, one);
    const Scenario twiceScenario = graphScenario(chain, twice);
    const Scenario joinScenario = graphScenario(chain, join);
    const Scenario countedScenario = graphScenario(chain, counted);
    const std::size_t n = chain.records.size();
    const Figure chainRate = timed("graph_chain_records_per_s", o.repetitions, [&] {
        const Player p {Scenario(chain)};
        return n;
    });
    const Figure oneRate = timed("graph_one_window_records_per_s", o.repetitions, [&] {
        const GraphRun r(oneScenario);
        return n;
    });
    const Figure twiceRate = timed("graph_window_over_window_records_per_s", o.repetitions, [&] {
        const GraphRun r(twiceScenario);
        return n;
    });
    std::size_t pairs = 0;
    const Figure joinRate = timed("graph_interval_join_records_per_s", o.repetitions, [&] {
        const GraphRun r(joinScenario);
        pairs = r.outputs().size();
        return n;
    });
    std::size_t timerChanges = 0;
    const Figure countRate = timed("graph_periodic_count_records_per_s", o.repetitions, [&] {
        const GraphRun r(countedScenario);
        timerChanges = r.trace().timerChanges().size();
        return n;
    });
    // Seeking: the same random steps in the graph's player and the chain's (their step counts are alike: the same
    // records and periodic emissions).
    std::vector<double> graphSeeks;
    std::vector<double> graphBacks;
    std::vector<double> graphForwards;
    std::vector<double> chainSeeks;
    {
        GraphPlayer graph(oneScenario);
        Player player {Scenario(chain)};
        std::mt19937_64 rng(7);
        for (int i = 0; i < 200; ++i) {
            const auto target = static_cast<StepIndex>(rng() % (graph.lastStep() + 1));
            double start = threadCpuMs();
            graph.seek(target);
            graphSeeks.push_back(threadCpuMs() - start);
            start = threadCpuMs();
            graph.stepBack();
            graphBacks.push_back(threadCpuMs() - start);
            start = threadCpuMs();
            graph.stepForward();
            graphForwards.push_back(threadCpuMs() - start);
            start = threadCpuMs();
            player.seek(std::min(target, player.lastStep()));
            chainSeeks.push_back(threadCpuMs() - start);
        }
    }
    return {chainRate, oneRate, ratio("graph_one_window_vs_chain", oneRate, chainRate), twiceRate,
        ratio("graph_window_over_window_vs_one_window", twiceRate, oneRate), joinRate,
        ratio("graph_interval_join_vs_one_window", joinRate, oneRate),
        Figure {"graph_interval_join_pairs", static_cast<double>(pairs), "pairs", 0, 0, 0}, countRate,
        ratio("graph_periodic_count_vs_one_window", countRate, oneRate),
        Figure {"graph_periodic_count_timer_changes", static_cast<double>(timerChanges), "changes", 0, 0, 0},
        Figure {"graph_seek_p99_ms", p99(graphSeeks), "ms", 0, 0, 0},
        Figure {"graph_step_back_p99_ms", p99(graphBacks), "ms", 0, 0, 0},
        Figure {"graph_step_forward_p99_ms", p99(graphForwards), "ms", 0, 0, 0},
        Figure {"graph_chain_seek_p99_ms", p99(chainSeeks), "ms", 0, 0, 0}};
}

const bool registered = registerBenchmark("graph_records_per_s", 40, graphFigures);

} // namespace

} // namespace tidemark::bench
