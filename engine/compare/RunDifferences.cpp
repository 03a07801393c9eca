#include "engine/compare/RunDifferences.h"

#include "engine/player/Player.h"
#include "engine/player/RunLimits.h"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <stdexcept>
#include <tuple>

namespace tidemark::compare {

namespace {

// A window as both runs name it: KeyIds belong to each scenario's key table, and the subtask that holds the
// key changes with the window parallelism, so neither takes part.
struct WindowId {
    std::optional<std::string> key;
    TimeWindow window;

    bool operator<(const WindowId& o) const
    {
        if (key != o.key)
            return key < o.key;
        if (window.isGlobal() != o.window.isGlobal())
            return window.isGlobal() < o.window.isGlobal();
        return std::make_tuple(window.start(), window.end()) < std::make_tuple(o.window.start(), o.window.end());
    }
};

std::optional<std::string> keyText(const Scenario& s, KeyId key)
{
    if (key == kNoKey || key >= s.keys.size())
        return std::nullopt;
    return s.keys.name(key);
}

// One run's outputs, grouped as they are matched.
struct RunOutputs {
    const Scenario& scenario;
    const Trace& trace;
    std::map<WindowId, std::vector<std::size_t>> firesByWindow; // indices into trace.fires(), in order
    std::map<RecordIndex, std::vector<std::size_t>> latesByRecord; // indices into trace.lates(), in order

    RunOutputs(const Scenario& s, const Trace& t)
        : scenario(s)
        , trace(t)
    {
        const auto fires = t.fires();
        for (std::size_t i = 0; i < fires.size(); ++i)
            firesByWindow[{keyText(s, fires[i].fire.key), fires[i].fire.window}].push_back(i);
        const auto lates = t.lates();
        for (std::size_t i = 0; i < lates.size(); ++i)
            latesByRecord[lates[i].record].push_back(i);
    }

    Timestamp timeOf(StepIndex step) const { return trace.step(step).processingTime; }

    DifferenceSide fireSide(std::size_t index) const
    {
        const FireRecord& f = trace.fires()[index];
        return {f.step, timeOf(f.step), f.fire, std::nullopt};
    }
    DifferenceSide lateSide(std::size_t index) const
    {
        const LateRecord& l = trace.lates()[index];
        return {l.step, timeOf(l.step), std::nullopt, l.late};
    }
    // Where a record that was not late here arrived: what a view shows beside the other run's late record.
    DifferenceSide arrivalSide(RecordIndex record) const
    {
        const auto placements = trace.placements();
        if (record >= placements.size() || placements[record].arrivalStep >= trace.stepCount())
            return {};
        const StepIndex step = placements[record].arrivalStep;
        return {step, timeOf(step), std::nullopt, std::nullopt};
    }
};

bool sameResult(const FireEvent& a, const FireEvent& b)
{
    return a.count == b.count && a.result.isList == b.result.isList && a.result.number == b.result.number
        && a.result.list == b.result.list;
}

// A difference with what orders it: the earliest processing time it shows at, then A's output order, then B's.
struct Ordered {
    Timestamp time = 0;
    bool inA = false;
    std::uint32_t sequence = 0;
    Difference difference;
};

class Matcher {
public:
    Matcher(const RunOutputs& a, const RunOutputs& b)
        : m_a(a)
        , m_b(b)
    { }

    std::vector<Difference> run()
    {
        matchFires();
        matchLates();
        std::stable_sort(m_found.begin(), m_found.end(), [](const Ordered& x, const Ordered& y) {
            if (x.time != y.time)
                return x.time < y.time;
            if (x.inA != y.inA)
                return x.inA;
            return x.sequence < y.sequence;
        });
        std::vector<Difference> out;
        out.reserve(m_found.size());
        for (Ordered& o : m_found)
            out.push_back(std::move(o.difference));
        return out;
    }

private:
    void matchFires()
    {
        for (const auto& [id, inA] : m_a.firesByWindow) {
            const auto other = m_b.firesByWindow.find(id);
            const std::size_t inB = other == m_b.firesByWindow.end() ? 0 : other->second.size();
            for (std::size_t n = 0; n < inA.size(); ++n) {
                if (n < inB)
                    comparePair(id, n, inA[n], other->second[n]);
                else
                    fireOnly(RunSide::A, id, n, inA[n]);
            }
        }
        for (const auto& [id, inB] : m_b.firesByWindow) {
            const auto other = m_a.firesByWindow.find(id);
            const std::size_t inA = other == m_a.firesByWindow.end() ? 0 : other->second.size();
            for (std::size_t n = inA; n < inB.size(); ++n)
                fireOnly(RunSide::B, id, n, inB[n]);
        }
    }

    static Difference fireDifference(Difference::Kind kind, const WindowId& id, std::size_t n)
    {
        Difference d;
        d.kind = kind;
        d.key = id.key;
        d.window = id.window;
        d.firing = static_cast<std::uint32_t>(n + 1);
        return d;
    }

    void comparePair(const WindowId& id, std::size_t n, std::size_t inA, std::size_t inB)
    {
        DifferenceSide a = m_a.fireSide(inA);
        DifferenceSide b = m_b.fireSide(inB);
        const bool moved = a.fire->afterInput != b.fire->afterInput || a.processingTime != b.processingTime;
        const bool resultDiffers = !sameResult(*a.fire, *b.fire);
        const bool timingDiffers = a.fire->timing != b.fire->timing;
        if (!moved && !resultDiffers && !timingDiffers)
            return;
        Difference d = fireDifference(moved ? Difference::Kind::FireMoved : Difference::Kind::ResultDiffers, id, n);
        d.resultDiffers = resultDiffers;
        d.timingDiffers = timingDiffers;
        d.a = std::move(a);
        d.b = std::move(b);
        add(std::move(d), m_a.trace.fires()[inA].sequence);
    }

    void fireOnly(RunSide side, const WindowId& id, std::size_t n, std::size_t index)
    {
        Difference d = fireDifference(Difference::Kind::FireOnlyIn, id, n);
        d.only = side;
        const RunOutputs& run = side == RunSide::A ? m_a : m_b;
        (side == RunSide::A ? d.a : d.b) = run.fireSide(index);
        add(std::move(d), run.trace.fires()[index].sequence);
    }

    void matchLates()
    {
        for (const auto& [record, inA] : m_a.latesByRecord) {
            const auto other = m_b.latesByRecord.find(record);
            const std::size_t inB = other == m_b.latesByRecord.end() ? 0 : other->second.size();
            for (std::size_t n = 0; n < inA.size(); ++n) {
                if (n < inB)
                    compareLates(record, inA[n], other->second[n]);
                else
                    lateOnly(RunSide::A, record, inA[n]);
            }
        }
        for (const auto& [record, inB] : m_b.latesByRecord) {
            const auto other = m_a.latesByRecord.find(record);
            const std::size_t inA = other == m_a.latesByRecord.end() ? 0 : other->second.size();
            for (std::size_t n = inA; n < inB.size(); ++n)
                lateOnly(RunSide::B, record, inB[n]);
        }
    }

    void compareLates(RecordIndex record, std::size_t inA, std::size_t inB)
    {
        DifferenceSide a = m_a.lateSide(inA);
        DifferenceSide b = m_b.lateSide(inB);
        if (a.late->action == b.late->action)
            return;
        Difference d;
        d.kind = Difference::Kind::LateActionDiffers;
        d.record = record;
        d.key = keyText(m_a.scenario, a.late->key);
        d.a = std::move(a);
        d.b = std::move(b);
        add(std::move(d), m_a.trace.lates()[inA].sequence);
    }

    void lateOnly(RunSide side, RecordIndex record, std::size_t index)
    {
        const RunOutputs& run = side == RunSide::A ? m_a : m_b;
        const RunOutputs& other = side == RunSide::A ? m_b : m_a;
        Difference d;
        d.kind = Difference::Kind::LateOnlyIn;
        d.only = side;
        d.record = record;
        DifferenceSide late = run.lateSide(index);
        d.key = keyText(run.scenario, late.late->key);
        (side == RunSide::A ? d.a : d.b) = std::move(late);
        (side == RunSide::A ? d.b : d.a) = other.arrivalSide(record);
        add(std::move(d), run.trace.lates()[index].sequence);
    }

    // Ordered by where the run in which it happens shows it (both runs' for a pair).
    void add(Difference d, std::uint32_t sequence)
    {
        Ordered o;
        const bool aHappens = d.a.fire || d.a.late;
        const bool bHappens = d.b.fire || d.b.late;
        o.time = aHappens && bHappens ? std::min(d.a.processingTime, d.b.processingTime)
                                      : (aHappens ? d.a.processingTime : d.b.processingTime);
        o.inA = aHappens;
        o.sequence = sequence;
        o.difference = std::move(d);
        m_found.push_back(std::move(o));
    }

    const RunOutputs& m_a;
    const RunOutputs& m_b;
    std::vector<Ordered> m_found;
};

// Plays one run, or says why it cannot be played.
std::unique_ptr<Player> play(const Scenario& scenario, const char* name, std::string& error)
{
    try {
        auto player = std::make_unique<Player>(scenario);
        if (const auto& failure = player->failure()) {
            error = std::string(name) + ": the job failed at step " + std::to_string(failure->step) + ": "
                + failure->message;
            return nullptr;
        }
        return player;
    } catch (const RunRefusedError& e) {
        error = std::string(name) + ": " + e.what();
    } catch (const std::exception& e) {
        // The job could not even start (a pipeline Flink refuses to build).
        error = std::string(name) + ": the job failed: " + e.what();
    }
    return nullptr;
}

} // namespace

std::vector<Difference> compareRuns(const Scenario& a, const Trace& traceA, const Scenario& b, const Trace& traceB)
{
    if (const auto why = eventsDiffer(a, b))
        throw std::invalid_argument(*why);
    const RunOutputs outputsA(a, traceA);
    const RunOutputs outputsB(b, traceB);
    return Matcher(outputsA, outputsB).run();
}

std::optional<std::vector<Difference>> playAndCompare(const Comparison& comparison, std::string& error)
{
    if (const auto why = eventsDiffer(comparison.a, comparison.b)) {
        error = *why;
        return std::nullopt;
    }
    const auto a = play(comparison.a, "A", error);
    if (!a)
        return std::nullopt;
    const auto b = play(comparison.b, "B", error);
    if (!b)
        return std::nullopt;
    return compareRuns(a->scenario(), a->trace(), b->scenario(), b->trace());
}

} // namespace tidemark::compare
