#pragma once

// Inside the narrator: what every sentence builder shares (the step narration, "why (not)?"). Not part of
// the engine's interface.

#include "engine/player/Narration.h"

namespace tidemark {

// The placeholders' builders: each thing a sentence names becomes an Arg with its reference, so that the GUI
// can link it; phrases are rendered from their templates, so that a translation leaves no English.
class Narrator::Speaker {
public:
    explicit Speaker(const Narrator& narrator)
        : m_narrator(narrator)
        , m_scenario(narrator.m_scenario)
        , m_format(narrator.m_format)
    { }

    Narration take() { return std::move(m_narration); }

protected:
    using Arg = Narrator::Arg;

    const PipelineConfig& pipeline() const { return m_scenario.pipeline; }
    const WatermarkConfig& watermarks() const { return m_scenario.pipeline.watermarks; }

    void add(std::string_view id, std::vector<Arg> args)
    {
        m_narration.sentences.push_back(m_narrator.render(id, std::move(args)));
    }
    std::string phrase(std::string_view id, std::vector<Arg> args) const
    {
        return m_narrator.render(id, std::move(args)).text;
    }

    static Arg text(std::string name, std::string value) { return Arg {std::move(name), std::move(value), {}, false}; }
    Arg time(std::string name, Timestamp t) const { return text(std::move(name), m_format.timestamp(t)); }
    static Arg channelArg(int c)
    {
        Arg a {"channel", std::to_string(c), {}, true};
        a.ref.kind = NarrationRefKind::Channel;
        a.ref.channel = c;
        return a;
    }
    static Arg stepArg(StepIndex s, std::string name = "step")
    {
        Arg a {std::move(name), std::to_string(s), {}, true};
        a.ref.kind = NarrationRefKind::Step;
        a.ref.step = s;
        return a;
    }
    static Arg subtaskArg(int s)
    {
        Arg a {"subtask", std::to_string(s), {}, true};
        a.ref.kind = NarrationRefKind::Subtask;
        a.ref.subtask = s;
        return a;
    }
    std::string keyName(KeyId k) const
    {
        return k == kNoKey || k >= m_scenario.keys.size() ? std::string() : m_scenario.keys.name(k);
    }
    Arg keyArg(KeyId k) const
    {
        Arg a {"key", keyName(k), {}, true};
        a.ref.kind = NarrationRefKind::Key;
        a.ref.key = k;
        return a;
    }
    std::string records(std::size_t count) const
    {
        return phrase(count == 1 ? "phrase.records.one" : "phrase.records.many", {text("n", std::to_string(count))});
    }
    Arg subjectArg(KeyId k) const
    {
        Arg a {"subject",
            k == kNoKey ? phrase("phrase.subject.all", {}) : phrase("phrase.subject.key", {text("key", keyName(k))}),
            {}, k != kNoKey};
        a.ref.kind = NarrationRefKind::Key;
        a.ref.key = k;
        return a;
    }
    Arg windowArg(int s, KeyId k, const TimeWindow& w) const
    {
        Arg a {"window", w.isGlobal() ? phrase("phrase.window.global", {}) : m_format.window(w.start(), w.end()), {},
            true};
        a.ref.kind = NarrationRefKind::Window;
        a.ref.subtask = s;
        a.ref.key = k;
        a.ref.window = w;
        return a;
    }
    static Arg recordArg(RecordIndex r)
    {
        Arg a {"record", std::string("#").append(std::to_string(r + 1)), {}, true};
        a.ref.kind = NarrationRefKind::Record;
        a.ref.record = r;
        return a;
    }
    Timestamp cleanupOf(const TimeWindow& w) const
    {
        const Timestamp c = javaAdd(w.maxTimestamp(), pipeline().window.allowedLatenessMs);
        return c >= w.maxTimestamp() ? c : kMaxTimestamp;
    }
    std::string lagText() const
    {
        const WatermarkConfig& wmc = watermarks();
        switch (wmc.strategy) {
        case WatermarkConfig::Strategy::BoundedOutOfOrderness:
            return wmc.maxOutOfOrdernessMs == 0 ? std::string("1 ms")
                                                : TimeFormatter::duration(wmc.maxOutOfOrdernessMs) + " − 1 ms";
        case WatermarkConfig::Strategy::Monotonous:
            return "1 ms";
        case WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness:
            return TimeFormatter::duration(wmc.maxOutOfOrdernessMs);
        case WatermarkConfig::Strategy::Input:
            break;
        }
        return {};
    }

    const Narrator& m_narrator;
    const Scenario& m_scenario;
    const TimeFormatter& m_format;
    Narration m_narration;
};

} // namespace tidemark
