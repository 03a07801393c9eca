#pragma once

#include "engine/core/Output.h"
#include "engine/core/Scenario.h"
#include "engine/player/Trace.h"

#include <string>

namespace tidemark::cli {

// Numbers as `tidemark run` prints them: integral values as integers ("20", not "20.0"), others as the
// shortest text that reads back to the same double (std::to_chars); NaN and infinities as null.
std::string formatNumber(double value);
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

// The same in Flink's print manner, the subtask prefix being `index + 1>` as Flink's print sink writes it:
//   1> (1,[20,22,30]) window [0,5000) on-time, watermark 4999
//   1> late (1,1000) ts 2000 dropped, watermark 5999
std::string fireText(const FireEvent& fire, const KeyTable& keys);
std::string lateText(const LateEvent& late, const KeyTable& keys);

// A step of the event queue (with --steps). "record" is the 1-based input record number.
//   {"type":"step","step":5,"processingTime":4000,"kind":"event","record":5,"channel":0,"afterInput":5,
//    "channelWatermarks":[...],"operatorWatermarks":[...]}
//   step 5 at 4.000 s: event record #5 (key 0001, ts 1538359894000) on channel 0
std::string stepJson(const Trace& trace, StepIndex step, const Scenario& scenario);
std::string stepText(const Trace& trace, StepIndex step, const Scenario& scenario);

} // namespace tidemark::cli
