#include "app/graph/GraphSettings.h"

#include "engine/io/JsonFields.h"
#include "engine/io/ScenarioNames.h"

#include <QSpinBox>

namespace tidemark::app {

namespace {

constexpr qint64 kLargest = GraphSettings::kLargest;

WatermarkConfig& generatorOf(JobGraph& g, bool source, int index)
{
    return source ? g.sources[std::size_t(index)].watermarks : g.operators[std::size_t(index)].watermarks;
}

const WatermarkConfig& generatorOf(const JobGraph& g, bool source, int index)
{
    return source ? g.sources[std::size_t(index)].watermarks : g.operators[std::size_t(index)].watermarks;
}

} // namespace

std::vector<GraphSetting> GraphSettings::settingsOf(const JobGraph& g, GraphVertex v)
{
    using K = GraphOperator::Kind;
    std::vector<GraphSetting> out;
    const auto generator = [&out](bool periodic) {
        out.push_back({QStringLiteral("maxOutOfOrderness"), tr("max out-of-orderness"), true, 0,
            [](const JobGraph& j, GraphVertex x) { return generatorOf(j, x.source, x.index).maxOutOfOrdernessMs; },
            [](JobGraph& j, GraphVertex x, qint64 ms) { generatorOf(j, x.source, x.index).maxOutOfOrdernessMs = ms; }});
        out.push_back({QStringLiteral("idleness"), tr("idleness (withIdleness; 0: none)"), true, 0,
            [](const JobGraph& j, GraphVertex x) { return generatorOf(j, x.source, x.index).idlenessMs; },
            [](JobGraph& j, GraphVertex x, qint64 ms) { generatorOf(j, x.source, x.index).idlenessMs = ms; }});
        if (periodic) {
            out.push_back({QStringLiteral("period"), tr("auto-watermark interval"), true, 1,
                [](const JobGraph& j, GraphVertex x) { return generatorOf(j, x.source, x.index).periodMs; },
                [](JobGraph& j, GraphVertex x, qint64 ms) { generatorOf(j, x.source, x.index).periodMs = ms; }});
        }
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [](const JobGraph& j, GraphVertex x) { return qint64(generatorOf(j, x.source, x.index).parallelism); },
            [](JobGraph& j, GraphVertex x, qint64 n) { generatorOf(j, x.source, x.index).parallelism = int(n); }});
    };
    if (v.source) {
        generator(g.sources[std::size_t(v.index)].watermarks.emission == WatermarkConfig::Emission::Periodic);
        return out;
    }
    const GraphOperator& op = g.operators[std::size_t(v.index)];
    const auto at = [](JobGraph& j, GraphVertex x) -> GraphOperator& { return j.operators[std::size_t(x.index)]; };
    const auto of
        = [](const JobGraph& j, GraphVertex x) -> const GraphOperator& { return j.operators[std::size_t(x.index)]; };
    if (op.kind == K::Watermarks) {
        generator(op.watermarks.emission == WatermarkConfig::Emission::Periodic);
        return out;
    }
    if (op.runsWindow()) {
        if (op.window.assigner.isEventTime()) {
            out.push_back({QStringLiteral("allowedLateness"), tr("allowed lateness"), true, 0,
                [of](const JobGraph& j, GraphVertex x) { return of(j, x).window.allowedLatenessMs; },
                [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).window.allowedLatenessMs = ms; }});
        }
        using T = AssignerSpec::Type;
        if (op.window.assigner.type == T::Tumbling || op.window.assigner.type == T::Sliding) {
            out.push_back({QStringLiteral("size"), tr("window size"), true, 1,
                [of](const JobGraph& j, GraphVertex x) { return of(j, x).window.assigner.sizeMs; },
                [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).window.assigner.sizeMs = ms; }});
        }
        if (op.window.assigner.type == T::Session) {
            out.push_back({QStringLiteral("gap"), tr("session gap"), true, 1,
                [of](const JobGraph& j, GraphVertex x) { return of(j, x).window.assigner.gapMs; },
                [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).window.assigner.gapMs = ms; }});
        }
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [of](const JobGraph& j, GraphVertex x) { return qint64(of(j, x).window.parallelism); },
            [at](JobGraph& j, GraphVertex x, qint64 n) { at(j, x).window.parallelism = int(n); }});
        return out;
    }
    if (op.kind == K::IntervalJoin) {
        out.push_back({QStringLiteral("lowerBound"), tr("lower bound of between()"), true, -kLargest,
            [of](const JobGraph& j, GraphVertex x) { return of(j, x).join.lowerMs; },
            [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).join.lowerMs = ms; }});
        out.push_back({QStringLiteral("upperBound"), tr("upper bound of between()"), true, -kLargest,
            [of](const JobGraph& j, GraphVertex x) { return of(j, x).join.upperMs; },
            [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).join.upperMs = ms; }});
    }
    if (op.runsProcessFunction() && op.process.hasTimeout()) {
        out.push_back({QStringLiteral("timeout"), tr("the function's timeout"), true, 1,
            [of](const JobGraph& j, GraphVertex x) { return of(j, x).process.timeoutMs; },
            [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).process.timeoutMs = ms; }});
    }
    if (op.runsProcessFunction() && op.process.type == ProcessFunctionSpec::Type::PeriodicCount) {
        out.push_back({QStringLiteral("interval"), tr("the count's interval"), true, 1,
            [of](const JobGraph& j, GraphVertex x) { return of(j, x).process.intervalMs; },
            [at](JobGraph& j, GraphVertex x, qint64 ms) { at(j, x).process.intervalMs = ms; }});
    }
    if (op.kind == K::IntervalJoin || op.runsProcessFunction()) {
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [of](const JobGraph& j, GraphVertex x) { return qint64(of(j, x).parallelism); },
            [at](JobGraph& j, GraphVertex x, qint64 n) { at(j, x).parallelism = int(n); }});
    }
    return out;
}

std::vector<GraphVertex> GraphSettings::vertices(const JobGraph& g)
{
    std::vector<GraphVertex> out;
    for (std::size_t s = 0; s < g.sources.size(); ++s)
        out.push_back({true, int(s)});
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        if (!settingsOf(g, {false, int(o)}).empty())
            out.push_back({false, int(o)});
    }
    return out;
}

void GraphSettings::fitField(QSpinBox* box, const GraphSetting& setting)
{
    box->setRange(int(setting.minimum), int(kLargest));
    box->setSuffix(setting.milliseconds ? tr(" ms") : QString());
    box->setSingleStep(setting.milliseconds ? 500 : 1);
    box->setKeyboardTracking(false); // a run per value typed, not per digit
}

QString GraphSettings::name(const JobGraph& g, GraphVertex v)
{
    return QString::fromStdString(
        v.source ? g.sources[std::size_t(v.index)].name : g.operators[std::size_t(v.index)].name);
}

QString GraphSettings::kind(const JobGraph& g, GraphVertex v)
{
    return v.source
        ? tr("source")
        : QString::fromLatin1(io::detail::enumName(g.operators[std::size_t(v.index)].kind, io::kOperatorKinds));
}

} // namespace tidemark::app
