#pragma once

#include "engine/core/JsonText.h"
#include "engine/core/NumberText.h"
#include "engine/core/Output.h"
#include "engine/core/Scenario.h"
#include "engine/player/TimeFormat.h"
#include "engine/player/Trace.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark::output {

// A key as JSON ("alice", or null for none) and as print() writes it (alice, or nothing for none).
std::string keyJson(KeyId key, const KeyTable& keys);
std::string keyText(KeyId key, const KeyTable& keys);

// What Flink prints, in the words every front end shows it in: `tidemark run`'s JSON lines and text, the app's
// Output dock, tables and tooltips, the exports and the comparison with Flink's own output. Numbers are written
// by formatNumber (engine/core/NumberText.h), strings quoted by jsonString (engine/core/JsonText.h).

// One output as a JSON object, fields in the order of the scenario-format contract:
//   {"type":"fire","afterInput":N,"subtask":S,"key":"1","window":[0,5000],"timing":"on-time","watermark":4999,
//    "count":3,"result":[20,22,30]}
//   {"type":"late","afterInput":N,"subtask":S,"key":"1","ts":2000,"value":1000,"watermark":5999,
//    "action":"dropped"}
// key is null for windowAll, window null for the global window.
std::string fireJson(const FireEvent& fire, const KeyTable& keys);
std::string lateJson(const LateEvent& late, const KeyTable& keys);

// The words every output format uses for a fire's timing ("on-time", "late") and a late record's fate
// ("dropped", "side-output").
std::string_view timingName(FireTiming timing);
std::string_view actionName(LateAction action);

// A window function's result as every output format writes it: "20", "[20,22,30]" (a list), or "null" (min,
// max or avg of a pane an evictor emptied), "[1000,1800]" (a window join's pair of timestamps, a coGroup's two group
// sizes).
std::string resultText(const WindowResult& result);

// What Flink's print sink writes for a fire: the emitted record "(key,result)", or "(result)" under windowAll.
//   (1,[20,22,30])
std::string printedResult(const FireEvent& fire, const KeyTable& keys);
// The same as Flink's print sink writes it after the window operator, running with as many subtasks
// (`sinkSubtasks`, WindowConfig::subtasks()): behind the prefix `index + 1>` of the subtask that emitted it,
// which the sink leaves out when it runs as one subtask (PrintSinkOutputWriter).
//   2> (1,[20,22,30])        (1,[20,22,30]) with one subtask
std::string printedFire(const FireEvent& fire, const KeyTable& keys, int sinkSubtasks);
// A late record the same way, marked as late:
//   2> late (1,1000)         late (1,1000) with one subtask
std::string printedLate(const LateEvent& late, const KeyTable& keys, int sinkSubtasks);

// How the text lines write the event times beside Flink's printed part: as the app shows them (`times`, from
// scenarioTimes: date-times when the records' times are dates, or what the scenario's display or --time-format
// asks for), and as plain epoch milliseconds, the numbers Flink prints, when that is the display.
class TextTimes {
public:
    TextTimes() = default; // epoch milliseconds
    explicit TextTimes(const TimeFormatter& times);
    // The same, but Long.MIN_VALUE and Long.MAX_VALUE written by name where they would be numbers: for a reader
    // (the app's narration), not for comparing with what Flink prints.
    static TextTimes forReading(const TimeFormatter& times);
    std::string time(Timestamp t) const;
    std::string window(Timestamp start, Timestamp end) const;

private:
    std::optional<TimeFormatter> m_times; // none: epoch milliseconds as numbers
    bool m_namedExtremes = false;
};

// A whole line in Flink's print manner: printedFire / printedLate followed by what the print leaves out.
//   2> (1,[20,22,30]) window [0,5000) on-time, watermark 4999
//   (1,[1538359882000]) window [10:11:21, 10:11:24) on-time, watermark 10:11:23.999     (dates shown)
//   late (1,1000) ts 2000 dropped, watermark 5999
// The app's Output dock and export show the printed part of these lines, from the same functions.
std::string fireText(const FireEvent& fire, const KeyTable& keys, int sinkSubtasks, const TextTimes& times = {});
std::string lateText(const LateEvent& late, const KeyTable& keys, int sinkSubtasks, const TextTimes& times = {});
// The same behind a print prefix of the caller's (printPrefix).
std::string fireText(const FireEvent& fire, const KeyTable& keys, std::string_view prefix, const TextTimes& times);
std::string lateText(const LateEvent& late, const KeyTable& keys, std::string_view prefix, const TextTimes& times);

// What Flink's print sink writes before each record (PrintSinkOutputWriter): print("name") gives "name> ", and
// "name:2> " from subtask index 1 when the sink runs as several subtasks; print() gives "2> ", or nothing with one.
std::string printPrefix(std::string_view identifier, int subtask, int sinkSubtasks);
// The prefix without its "> ": "name", "name:2", "2" or nothing; how a graph's step lines name an operator subtask.
std::string printIdentifier(std::string_view identifier, int subtask, int sinkSubtasks);

// Every output of a run in the order it was produced (Trace::forEachOutput), as `tidemark run --format jsonl`
// prints it (json) and as `--format text` does (text), line for line.
struct OutputLines {
    std::vector<std::string> json;
    std::vector<std::string> text;
};
OutputLines outputLines(const Trace& trace, const Scenario& scenario);

// A step's "kind" in the JSON step lines: "start", "event", "watermark", "periodic", "timer", "end-of-input".
const char* stepKindName(StepKind kind);

// A step of the event queue (with --steps). "record" is the 1-based input record number.
//   {"type":"step","step":5,"processingTime":4000,"kind":"event","record":5,"channel":0,"afterInput":5,
//    "channelWatermarks":[...],"operatorWatermarks":[...]}
//   step 5 at 4.000 s: event record #5 (key 0001, ts 1538359894000) on channel 0
std::string stepJson(const Trace& trace, StepIndex step, const Scenario& scenario);
std::string stepText(const Trace& trace, StepIndex step, const Scenario& scenario, const TextTimes& times = {});

} // namespace tidemark::output
