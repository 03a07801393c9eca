// What a job graph costs beside a chain of the same records, measured in one run (docs/job-graph.md):
//   graph_chain_records_per_s             the chain as the app records it (Player: trace, snapshots), the reference;
//   graph_one_window_records_per_s        the same job as a one-path graph (GraphRun: source → window), and
//   graph_one_window_vs_chain             its ratio to the chain's figure of the same run;
//   graph_window_over_window_records_per_s  a second window (per minute, max) over the first's results, and
//   graph_window_over_window_vs_one_window  its ratio to the one-window graph's: what the second window costs;
//   graph_interval_join_records_per_s     the same records as two sources (every other record), joined by key
//                                         within ±2 s (graph_interval_join_pairs of them), and
//   graph_interval_join_vs_one_window     its ratio to the one-window graph's.
// Records: 1,000 keys, event time 1 ms a record with up to 500 ms of disorder, one a millisecond of processing time,
// forBoundedOutOfOrderness(500 ms) every 200 ms; 10-second tumbling windows summing the values. Each figure is the
// median of the repetitions (wall time: the chain's run fills its columns on a second thread).

#include "BenchRegistry.h"
#include "engine/player/GraphRun.h"
#include "engine/player/Player.h"

#include <random>

namespace tidemark::bench {

namespace {

struct Generated {
    KeyTable keys;
    std::vector<InputRecord> records;
};

Generated generate(std::size_t count)
{
    Generated g;
    std::vector<KeyId> keys;
    for (int k = 0; k < 1000; ++k)
        keys.push_back(g.keys.intern(std::string("k").append(std::to_string(k))));
    std::mt19937_64 rng(4242);
    g.records.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        InputRecord r;
        r.key = keys[rng() % keys.size()];
        r.hasValue = true;
        r.value = static_cast<double>(rng() % 100);
        r.ts = 1'700'000'000'000 + static_cast<Timestamp>(i) - static_cast<Timestamp>(rng() % 500);
        r.arrival = static_cast<Timestamp>(i);
        g.records.push_back(r);
    }
    return g;
}

WatermarkConfig watermarks()
{
    WatermarkConfig w;
    w.maxOutOfOrdernessMs = 500;
    w.periodMs = 200;
    return w;
}

WindowConfig window(DurationMs sizeMs, FunctionSpec::Type function)
{
    WindowConfig w;
    w.assigner.sizeMs = sizeMs;
    w.function.type = function;
    return w;
}

GraphOperator windowOperator(std::string name, std::string input, DurationMs sizeMs, FunctionSpec::Type function)
{
    GraphOperator op;
    op.name = std::move(name);
    op.kind = GraphOperator::Kind::Window;
    op.inputs = {std::move(input)};
    op.window = window(sizeMs, function);
    return op;
}

Scenario graphScenario(const Generated& g, JobGraph graph)
{
    Scenario s;
    s.keys = g.keys;
    s.pipeline.endOfInput = EndOfInput::MaxWatermark;
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

std::vector<Figure> graphFigures(const BenchOptions& o)
{
    const Generated g = generate(o.records);
    Scenario chain;
    chain.keys = g.keys;
    chain.records = g.records;
    chain.pipeline.watermarks = watermarks();
    chain.pipeline.window = window(10'000, FunctionSpec::Type::Sum);
    chain.pipeline.endOfInput = EndOfInput::MaxWatermark;

    JobGraph one;
    one.sources.push_back(GraphSource {"events", watermarks(), g.records});
    one.operators.push_back(windowOperator("per-10s", "events", 10'000, FunctionSpec::Type::Sum));
    JobGraph twice = one;
    twice.operators.push_back(windowOperator("per-minute", "per-10s", 60'000, FunctionSpec::Type::Max));
    JobGraph join;
    join.sources = {GraphSource {"left", watermarks(), {}}, GraphSource {"right", watermarks(), {}}};
    for (std::size_t i = 0; i < g.records.size(); ++i) // every other record: both sides hold every key
        join.sources[i % 2].records.push_back(g.records[i]);
    GraphOperator between;
    between.name = "join";
    between.kind = GraphOperator::Kind::IntervalJoin;
    between.inputs = {"left", "right"};
    between.join.lowerMs = -2000;
    between.join.upperMs = 2000;
    join.operators.push_back(between);

    const Scenario oneScenario = graphScenario(g, one);
    const Scenario twiceScenario = graphScenario(g, twice);
    const Scenario joinScenario = graphScenario(g, join);
    const std::size_t n = g.records.size();
    const Figure chainRate = timed("graph_chain_records_per_s", o.repetitions, [&] {
        const Player p {Scenario(chain)};
        return n + 0 * p.trace().stepCount();
    });
    const Figure oneRate = timed("graph_one_window_records_per_s", o.repetitions, [&] {
        const GraphRun r(oneScenario);
        return n + 0 * r.outputs().size();
    });
    const Figure twiceRate = timed("graph_window_over_window_records_per_s", o.repetitions, [&] {
        const GraphRun r(twiceScenario);
        return n + 0 * r.outputs().size();
    });
    std::size_t pairs = 0;
    const Figure joinRate = timed("graph_interval_join_records_per_s", o.repetitions, [&] {
        const GraphRun r(joinScenario);
        pairs = r.outputs().size();
        return n;
    });
    return {chainRate, oneRate, ratio("graph_one_window_vs_chain", oneRate, chainRate), twiceRate,
        ratio("graph_window_over_window_vs_one_window", twiceRate, oneRate), joinRate,
        ratio("graph_interval_join_vs_one_window", joinRate, oneRate),
        Figure {"graph_interval_join_pairs", static_cast<double>(pairs), "pairs", 0, 0, 0}};
}

const bool registered = registerBenchmark("graph_records_per_s", 40, graphFigures);

} // namespace

} // namespace tidemark::bench
