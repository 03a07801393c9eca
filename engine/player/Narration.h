#pragma once

#include "engine/core/Scenario.h"
#include "engine/player/TimeFormat.h"
#include "engine/player/Trace.h"

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark {

// "Why did that happen?" for every step, in sentences a teacher can read aloud, with the numbers and the
// rule. Each sentence comes from a template with an id and named placeholders ({record}, {channel}, …),
// so a translation replaces the template table and nothing else. Each placeholder that names a thing
// (record, window, channel, subtask, key) becomes a NarrationRef so the GUI can highlight it.

// One template: `id` is stable (translations key on it), `text` uses {name} placeholders.
struct NarrationTemplate {
    std::string_view id;
    std::string_view text;
};

// The English template table: sentences (ids like "arrival.event", "channel.watermark.generator",
// "fire.ontime") and the phrases that fill their placeholders ("phrase.subject.key": "for key {key}").
std::span<const NarrationTemplate> narrationTemplates();

enum class NarrationRefKind : std::uint8_t { Record, Window, Channel, Subtask, Key, Step };

// A thing a sentence mentions, with where its text is in NarrationSentence::text (byte offsets).
struct NarrationRef {
    NarrationRefKind kind = NarrationRefKind::Record;
    std::size_t begin = 0;
    std::size_t length = 0;
    RecordIndex record = kNoRecord;
    int channel = -1;
    int subtask = -1;
    KeyId key = kNoKey;
    TimeWindow window;
    StepIndex step = kNoStep; // Step: a step of the run ("at step 95"), to go to
};

struct NarrationSentence {
    std::string templateId;
    std::map<std::string, std::string> args; // placeholder → formatted value
    std::string text; // the template with every placeholder replaced
    std::vector<NarrationRef> refs;
};

struct Narration {
    std::vector<NarrationSentence> sentences;
    // Sentences joined by single spaces.
    std::string text() const;
};

class Narrator {
public:
    // `scenario` must outlive the narrator (keys are named through its KeyTable).
    explicit Narrator(const Scenario& scenario);
    // Times as `format` writes them: the views' formatter, whose dates are already decided (showDatesAcross).
    Narrator(const Scenario& scenario, TimeFormatter format);

    // Replace templates by id (a translation); unknown ids are ignored, missing ones keep English.
    void setTemplates(const std::map<std::string, std::string>& byId);

    // The narration of one step. `trace` supplies context (e.g. how often a window fired before).
    Narration narrate(const StepDetail& detail, const Trace& trace) const;

    const TimeFormatter& timeFormat() const { return m_format; }

    // "Why (not)?" (WhyNot.cpp), from the recorded run, as seen at step `now`: when the window got its first
    // record; its fire condition (for event time: operator watermark ≥ end − 1 ms); what it fired so far;
    // the operator watermark now and the channel holding it back; which record, idleness timeout or end of
    // input releases it and at which step, or that nothing in the recorded input does, and what would.
    Narration whyWindow(const Trace& trace, int subtask, KeyId key, const TimeWindow& window, StepIndex now) const;
    // For one record: where it went and when; for a late one, what happened to it and, when it was dropped or
    // side-output, the allowed lateness that would have kept it in its window.
    Narration whyRecord(const Trace& trace, RecordIndex record, StepIndex now) const;

    // A placeholder's value, and what it refers to when it names a thing.
    struct Arg {
        std::string name;
        std::string value;
        NarrationRef ref; // meaningful only when hasRef
        bool hasRef = false;
    };

private:
    class Speaker;
    class StepNarration;
    class WhyNot;

    NarrationSentence render(std::string_view id, std::vector<Arg> args) const;
    std::string_view templateText(std::string_view id) const;

    const Scenario& m_scenario;
    TimeFormatter m_format;
    std::map<std::string, std::string, std::less<>> m_overrides;
};

} // namespace tidemark
