#include "engine/compare/GraphDifferences.h"

#include "engine/core/JsonText.h"
#include "engine/runtime/GraphPipeline.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

namespace tidemark::compare {

namespace {

// What an output is and what it says, in terms both runs share: keys as text, records by key, timestamp and value
// (element ids and KeyIds are each run's own). Two outputs with the same identity are the same output; their
// results say whether it came out the same.
struct Described {
    std::string identity;
    std::string result;
};

class Describer {
public:
    explicit Describer(const GraphRun& run)
        : m_run(run)
    { }

    Described operator()(const GraphOutput& o) const
    {
        // operators are matched by name (each graph numbers its own)
        const std::string op = jsonString(m_run.graph().operators[static_cast<std::size_t>(o.op)].name) + "|";
        return std::visit(
            [&](const auto& what) {
                Described d = describe(what);
                d.identity = op + d.identity;
                return d;
            },
            o.what);
    }

private:
    std::string key(KeyId k) const
    {
        const KeyTable& keys = m_run.scenario().keys;
        return k == kNoKey || k >= keys.size() ? std::string("-") : "k" + keys.name(k);
    }
    std::string element(std::uint32_t id) const
    {
        const GraphElement& e = m_run.pipeline().element(id);
        return key(e.key) + "@" + std::to_string(e.ts) + (e.hasValue ? "=" + std::to_string(e.value) : "");
    }

    Described describe(const FireEvent& f) const
    {
        Described d;
        d.identity = "fire|" + key(f.key) + "|"
            + (f.window.isGlobal() ? std::string("global")
                                   : std::to_string(f.window.start()) + "," + std::to_string(f.window.end()));
        d.result = std::to_string(f.count) + "|" + (f.timing == FireTiming::Late ? "late" : "on-time") + "|"
            + (f.result.number ? std::to_string(*f.result.number) : "-") + "|" + (f.result.isList ? "list" : "");
        for (const double v : f.result.list)
            d.result += std::to_string(v) + ",";
        if (f.result.sides)
            d.result += "|" + std::to_string((*f.result.sides)[0]) + "," + std::to_string((*f.result.sides)[1]);
        return d;
    }
    Described describe(const LateEvent& l) const
    {
        return {"late|" + key(l.key) + "|" + std::to_string(l.ts) + (l.hasValue ? "=" + std::to_string(l.value) : ""),
            l.action == LateAction::Dropped ? "dropped" : "side output"};
    }
    Described describe(const IntervalJoinOperator::Output& j) const
    {
        using K = IntervalJoinOperator::Output::Kind;
        if (j.kind == K::Pair)
            return {"pair|" + element(j.left) + "|" + element(j.right), {}};
        // a late record of one side: dropped, or put out to the side output
        const std::uint32_t record = j.side == IntervalJoinOperator::Side::Left ? j.left : j.right;
        return {std::string("join-late|") + (j.side == IntervalJoinOperator::Side::Left ? "left|" : "right|")
                + element(record),
            j.kind == K::Dropped ? "dropped" : "side output"};
    }
    Described describe(const ProcessOutput& p) const
    {
        return {"output|" + key(p.key) + "|" + (p.timestamp ? std::to_string(*p.timestamp) : std::string("-")) + "|"
                + (p.number ? std::to_string(*p.number) : element(p.value)),
            {}};
    }

    const GraphRun& m_run;
};

// One run's outputs by identity, each identity's in the order they came.
struct RunOutputs {
    const GraphRun& run;
    std::vector<Described> described;
    std::map<std::string, std::vector<std::size_t>> byIdentity;

    explicit RunOutputs(const GraphRun& r)
        : run(r)
    {
        const Describer describe(r);
        const std::vector<GraphOutput>& outputs = r.outputs();
        described.reserve(outputs.size());
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            described.push_back(describe(outputs[i]));
            byIdentity[described.back().identity].push_back(i);
        }
    }

    GraphDifference::Side side(std::size_t output) const
    {
        const StepIndex step = run.trace().stepOfOutput(output);
        return {output, step, run.trace().step(step).processingTime};
    }
    std::string opName(std::size_t output) const
    {
        return run.graph().operators[static_cast<std::size_t>(run.outputs()[output].op)].name;
    }
};

struct Ordered {
    Timestamp time = 0;
    bool inA = false;
    std::size_t sequence = 0;
    GraphDifference difference;
};

} // namespace

std::vector<GraphDifference> compareGraphRuns(const GraphRun& a, const GraphRun& b)
{
    const RunOutputs inA(a);
    const RunOutputs inB(b);

    std::vector<Ordered> found;
    const auto only = [&](RunSide side, const RunOutputs& run, std::size_t output) {
        GraphDifference d;
        d.kind = GraphDifference::Kind::OnlyIn;
        d.only = side;
        d.op = run.opName(output);
        (side == RunSide::A ? d.a : d.b) = run.side(output);
        found.push_back({run.side(output).processingTime, side == RunSide::A, output, std::move(d)});
    };
    for (const auto& [identity, outputsA] : inA.byIdentity) {
        const auto other = inB.byIdentity.find(identity);
        const std::size_t countB = other == inB.byIdentity.end() ? 0 : other->second.size();
        for (std::size_t n = 0; n < outputsA.size(); ++n) {
            const std::size_t x = outputsA[n];
            if (n >= countB) {
                only(RunSide::A, inA, x);
                continue;
            }
            const std::size_t y = other->second[n];
            const GraphDifference::Side sa = inA.side(x);
            const GraphDifference::Side sb = inB.side(y);
            const bool moved
                = a.outputs()[x].afterInput != b.outputs()[y].afterInput || sa.processingTime != sb.processingTime;
            const bool resultDiffers = inA.described[x].result != inB.described[y].result;
            if (!moved && !resultDiffers)
                continue;
            GraphDifference d;
            d.kind = moved ? GraphDifference::Kind::Moved : GraphDifference::Kind::ResultDiffers;
            d.resultDiffers = resultDiffers;
            d.op = inA.opName(x);
            d.a = sa;
            d.b = sb;
            found.push_back({std::min(sa.processingTime, sb.processingTime), true, x, std::move(d)});
        }
    }
    for (const auto& [identity, outputsB] : inB.byIdentity) {
        const auto other = inA.byIdentity.find(identity);
        const std::size_t countA = other == inA.byIdentity.end() ? 0 : other->second.size();
        for (std::size_t n = countA; n < outputsB.size(); ++n)
            only(RunSide::B, inB, outputsB[n]);
    }
    std::stable_sort(found.begin(), found.end(), [](const Ordered& x, const Ordered& y) {
        return std::tie(x.time, y.inA, x.sequence) < std::tie(y.time, x.inA, y.sequence);
    });
    std::vector<GraphDifference> out;
    out.reserve(found.size());
    for (Ordered& o : found)
        out.push_back(std::move(o.difference));
    return out;
}

} // namespace tidemark::compare
