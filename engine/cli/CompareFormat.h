#pragma once

#include "engine/compare/Comparison.h"
#include "engine/compare/GraphDifferences.h"
#include "engine/compare/RunDifferences.h"
#include "engine/core/Scenario.h"

#include <string>
#include <vector>

namespace tidemark::cli {

// The lines `tidemark compare` prints, one per difference, built from the functions `tidemark run` prints its
// outputs with (OutputFormat.h): event times as raw milliseconds, each run's fire in Flink's print manner
// with its own subtask prefix, processing times as the steps show them.

// The runs first: "A: parallelism 1" and "B: parallelism 3" (two lines, no final line end), or
//   {"type":"runs","a":{"label":"parallelism 1"},"b":{"label":"parallelism 3"}}
std::string runsText(const compare::RunLabels& labels);
std::string runsJson(const compare::RunLabels& labels);

// One difference; `a` and `b` are the scenarios the runs played (for key names and the sink's subtasks).
//   fire moved: 1st firing of window [0,3000) for key 0001; A: (0001,[1000]) count 1, on-time, watermark 2999,
//       after input 5 (step 25 at 4.000 s); B: 1> (0001,[1000]) count 1, on-time, watermark 2999, after input 7 (…)
//   fire only in B: 2nd firing of window [0,5000) for key 1; B: (1,[20,22,30,100]) count 4, late, …
//   late only in A: record 7 (key 1, ts 2000, value 100); A: late (1,100) dropped, watermark 4999, after input 7
//       (step 36 at 6.000 s); B: accepted (step 36 at 6.000 s)
//   late action differs: record 3 (…); A: late (a,5) dropped, …; B: late (a,5) side-output, …
std::string differenceText(const compare::Difference& d, const Scenario& a, const Scenario& b);
//   {"type":"fire-moved","key":"0001","window":[0,3000],"firing":1,"resultDiffers":false,"timingDiffers":false,
//    "a":{"step":25,"processingTime":4000,"afterInput":5,"subtask":0,"timing":"on-time","watermark":2999,
//         "count":1,"result":[1000]},"b":{…}}
//   type "result-differs" likewise; "fire-only" with "run":"a"|"b" and the other side null;
//   {"type":"late-only","run":"a","record":7,"key":"1","ts":2000,"value":100,
//    "a":{"step":36,"processingTime":6000,"afterInput":7,"subtask":0,"watermark":4999,"action":"dropped"},
//    "b":{"step":36,"processingTime":6000}}   (b: where the record arrived there)
//   type "late-action" likewise, with both sides' late records. key null under windowAll, window null for global.
std::string differenceJson(const compare::Difference& d);

// One difference between two job graphs' runs; `a` and `b` are the lines `tidemark run` prints for each run's
// outputs (text or JSON, as the format asks), which each side quotes:
//   moved: paid-per-10s; A: paid-per-10s> (2) window [0,10000) on-time, watermark 11999 (step 61 at 5.000 s); B: …
//   differs: paid-per-10s; A: paid-per-10s> (2) …; B: paid-per-10s> (3) …
//   only in B: paid-per-10s; B: paid-per-10s> (3) window [0,10000) on-time, watermark 11999 (step 52 at 4.400 s)
//   {"type":"moved","operator":"paid-per-10s","resultDiffers":false,"a":{"step":61,"processingTime":5000,
//    "output":{…}},"b":{…}}   type "result-differs" likewise; "only" with "run":"a"|"b" and the other side null
std::string graphDifferenceText(
    const compare::GraphDifference& d, const std::vector<std::string>& a, const std::vector<std::string>& b);
std::string graphDifferenceJson(
    const compare::GraphDifference& d, const std::vector<std::string>& a, const std::vector<std::string>& b);

// "1st", "2nd", "3rd", "11th", "21st".
std::string ordinal(std::uint32_t n);

} // namespace tidemark::cli
