#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/Record.h"
#include "engine/io/LoadResult.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace tidemark::io {

// Event files: CSV, whitespace-separated text and JSON lines (docs/scenario-format.md, "Event files").
using EventFileSpec = InputFileSpec;

struct EventFileContents {
    std::vector<InputRecord> records; // in file order; sourceLine set on each
    std::uint64_t bytes = 0; // bytes read
    std::uint64_t lines = 0; // lines read, blank and comment lines included
    bool headerSkipped = false; // CSV: the first line was a header
};

// Checks that depend on the pipeline the records will feed; a record that breaks one is a bad line.
struct RecordRules {
    bool requireValue = false; // the window function reads "value"
    bool requireChannel = false; // partitioning "channel"
    std::int32_t channelLimit = -1; // event records' channel must be below this (-1: no limit)
    std::int32_t watermarkChannelLimit = -1; // watermark records' channel must be below this
    std::int32_t partitionLimit = -1; // >= 0: a Kafka source with this many partitions; every record needs one
};

// Where the records of a streamed load go, in batches.
using RecordSink = std::function<void(std::span<const InputRecord>)>;

// One line of an event stream: a record, an error, or neither (a blank line, a comment or the header).
struct LineOutcome {
    std::optional<InputRecord> record; // sourceLine set
    std::optional<LoadError> error; // "source:line:column: expected …"
};

} // namespace tidemark::io
