#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"
#include "engine/live/LiveSource.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tidemark::live {

// A Kafka topic read with librdkafka as a Flink KafkaSource reads it: every partition, from the earliest or latest
// offset or from the first record at or after a timestamp, following it as records come. Each record is handed on
// as one line, a JSON object that the field mapping reads like a JSON lines file:
//   {"partition":3,"offset":17,"timestamp":1700000000123,"timestampType":"CreateTime","key":"ana","value":…}
// `value` is the record's value as JSON when it is a JSON object or array, otherwise its text; a value in CSV is
// also split into "columns" ({"0": …, "1": …}, at `delimiter`, double quotes as in CSV files). `key` is null for a
// record without one; `timestampType` is "CreateTime" or "LogAppendTime", as the topic has it.
class KafkaSource final : public LiveSource {
public:
    struct Options {
        std::string bootstrap; // host:port[,host:port…]
        std::string topic;
        enum class From : std::uint8_t { Earliest, Latest, Timestamp };
        From from = From::Earliest;
        Timestamp fromTimestamp = 0; // From::Timestamp: epoch ms
        std::optional<std::uint64_t> maxRecords; // end after this many records
        char delimiter = ','; // for the "columns" of CSV values
        int connectTimeoutMs = 5000; // how long the broker and the topic may take to answer at the start
    };

    // Connects, reads the topic's partitions and assigns them all; nullptr with `error` set ("the broker at … did not
    // answer within 5 s: …", "topic \"x\" does not exist on …") when it cannot.
    static std::unique_ptr<KafkaSource> open(const Options& options, std::string& error);
    ~KafkaSource() override;

    int partitions() const { return m_partitions; }
    std::string name() const override { return "kafka://" + m_options.bootstrap + "/" + m_options.topic; }
    // Each partition's records are read as a stream of their own: connection p + 1.
    std::string connectionName(int client) const override
    {
        return name() + ", partition " + std::to_string(client - 1);
    }

    // How a record's line is read by default: its own timestamp and key, its partition and offset.
    static InputFileSpec recordSpec();

    // A topic read live has no stopping offsets fixed at the start, so a pipeline whose input ends (endOfInput
    // max-watermark, a bounded KafkaSource) reads it as a job stopped with `flink stop --drain` when the run ends:
    // every reader ends then (endOfInput drain), which the saved run says. Returns whether it changed.
    static bool drainAtTheEnd(PipelineConfig& pipeline);

    // The line a record becomes (above); exposed for the tests of the mapping.
    static std::string recordLine(int partition, std::int64_t offset, std::optional<Timestamp> timestamp,
        bool logAppendTime, const std::optional<std::string>& key, std::string_view value, char delimiter);

private:
    struct Handle;
    KafkaSource(Options options, std::unique_ptr<Handle> handle, int partitions);
    void pollOnce(int timeoutMs, std::vector<LiveEvent>& out) override;
    void stop(std::vector<LiveEvent>& out) override;

    Options m_options;
    std::unique_ptr<Handle> m_handle;
    int m_partitions = 0;
    std::uint64_t m_records = 0;
};

} // namespace tidemark::live
