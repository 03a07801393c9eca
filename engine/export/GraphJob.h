#pragma once

#include "engine/export/FlinkJob.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark::flinkjob::detail {

// A job graph's scenario (docs/job-graph.md) as a DataStream program: one replay per source, sharing one clock (a
// KafkaSource for a source that reads a topic);
// each source's watermark generators; the operators wired as the graph names them, each printed as
// print("name") prints. The parts exportJob assembles into the project.

// What no DataStream program says as Tidemark runs the graph, or nullopt.
std::optional<std::string> graphRefusal(
    const Scenario& scenario, const FlinkRelease& release, const ExportOptions& options);
// data/events.csv: every replayed source's records in the order they arrive (each source by its own clock, at equal
// times in source order, as GraphRun), with the generator each reaches and the source's name.
std::string graphEventsCsv(const Scenario& scenario);
// Whether a source of the graph reads a Kafka topic; then data/records.csv holds those sources' records
// (partition,key,timestamp,value,source, in the order they arrive), which --produce writes into their topics.
bool readsKafka(const Scenario& scenario);
// Whether a source of the graph is replayed from data/events.csv (one that reads no topic).
bool replaysSources(const Scenario& scenario);
std::string graphRecordsCsv(const Scenario& scenario);
// Where the job's output can differ from Tidemark's, one sentence each.
std::vector<std::string> graphCaveats(const Scenario& scenario);
// The chain's rules for a source's generators and a window (FlinkJob.cpp), which a graph's keep too: what no
// DataStream program says, or nullopt.
std::optional<std::string> watermarkRefusal(const WatermarkConfig& watermarks);
std::optional<std::string> windowRefusal(const WindowConfig& window, const FlinkRelease& release);

// The graph's operators (indices) in an order where each comes after the operators it reads (a graph's file may
// name a stream before it defines it).
std::vector<std::size_t> operatorsAfterInputs(const JobGraph& graph);
// Each source's record count, and when its input ends (after its last record, or the scenario's inputEndMs; -1
// when it never does).
struct SourceSpan {
    std::size_t records = 0;
    Timestamp end = -1;
};
std::vector<SourceSpan> graphSourceSpans(const Scenario& scenario);
// The one auto-watermark interval of the job: that of the sources whose generators emit periodically (the default
// without one); nullopt when they differ.
std::optional<DurationMs> periodOf(const JobGraph& graph);
// The replay of data/events.csv, each record with its source, and the Event POJO with its graph members
// (Event.of(events, source), Event.output, …), with their imports: what the DataStream and the SQL program share.
ReplayClasses graphReplay(const Scenario& scenario, const JobProject& project, const ExportOptions& options);

std::string graphJavaProgram(const Scenario& scenario, const JobProject& project, const ExportOptions& options);
// Where the program's sources take their records from, in a paragraph (the header says it too).
std::string graphInput(const Scenario& scenario, const JobProject& project, const ExportOptions& options);

} // namespace tidemark::flinkjob::detail
