#pragma once

#include "engine/core/NumberText.h"
#include "engine/core/Output.h"
#include "engine/core/Scenario.h"
#include "engine/player/Trace.h"

#include <string>

namespace tidemark::cli {

// Numbers as everywhere else: integers as integers, others the shortest text that reads back, NaN and
// infinities as null (engine/core/NumberText.h).
using tidemark::formatNumber;
// A JSON string literal with the escapes JSON requires.
std::string jsonString(std::string_view text);

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
// max or avg of a pane an evictor emptied).
std::string resultText(const WindowResult& result);

// What Flink's print sink writes for a fire: the emitted record "(key,result)", or "(result)" under windowAll.
//   (1,[20,22,30])
std::string printedResult(const FireEvent& fire, const KeyTable& keys);
// The same behind the prefix `index + 1>` of the window subtask that emitted it. Flink's print sink leaves the
// prefix out when it runs as one subtask; here it is always written, at every parallelism alike.
//   1> (1,[20,22,30])
std::string printedFire(const FireEvent& fire, const KeyTable& keys);
// A late record the same way, marked as late:
//   1> late (1,1000)
std::string printedLate(const LateEvent& late, const KeyTable& keys);

// A whole line in Flink's print manner: printedFire / printedLate followed by what the print leaves out.
//   1> (1,[20,22,30]) window [0,5000) on-time, watermark 4999
//   1> late (1,1000) ts 2000 dropped, watermark 5999
// The app's Output dock and export show the printed part of these lines, from the same functions.
std::string fireText(const FireEvent& fire, const KeyTable& keys);
std::string lateText(const LateEvent& late, const KeyTable& keys);

// A step of the event queue (with --steps). "record" is the 1-based input record number.
//   {"type":"step","step":5,"processingTime":4000,"kind":"event","record":5,"channel":0,"afterInput":5,
//    "channelWatermarks":[...],"operatorWatermarks":[...]}
//   step 5 at 4.000 s: event record #5 (key 0001, ts 1538359894000) on channel 0
std::string stepJson(const Trace& trace, StepIndex step, const Scenario& scenario);
std::string stepText(const Trace& trace, StepIndex step, const Scenario& scenario);

} // namespace tidemark::cli
