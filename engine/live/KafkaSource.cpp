#include "engine/live/KafkaSource.h"

#include "engine/core/JsonText.h"
#include "engine/io/GuessSpec.h"
#include "engine/io/JsonTree.h"

#include <librdkafka/rdkafka.h>

#include <unistd.h>

#include <cstring>

namespace tidemark::live {

namespace {

struct KafkaDeleter {
    void operator()(rd_kafka_t* rk) const
    {
        rd_kafka_consumer_close(rk);
        rd_kafka_destroy(rk);
    }
};
struct PartitionListDeleter {
    void operator()(rd_kafka_topic_partition_list_t* list) const { rd_kafka_topic_partition_list_destroy(list); }
};
struct MetadataDeleter {
    void operator()(const rd_kafka_metadata_t* m) const { rd_kafka_metadata_destroy(m); }
};
using PartitionList = std::unique_ptr<rd_kafka_topic_partition_list_t, PartitionListDeleter>;

bool isJsonContainer(std::string_view value)
{
    const auto first = value.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || (value[first] != '{' && value[first] != '['))
        return false;
    return io::detail::parseJsonTree(value).ok;
}

} // namespace

struct KafkaSource::Handle {
    std::unique_ptr<rd_kafka_t, KafkaDeleter> consumer;
};

std::string KafkaSource::recordLine(int partition, std::int64_t offset, std::optional<Timestamp> timestamp,
    bool logAppendTime, const std::optional<std::string>& key, std::string_view value, char delimiter)
{
    std::string line = "{\"partition\":" + std::to_string(partition) + ",\"offset\":" + std::to_string(offset)
        + ",\"timestamp\":" + (timestamp ? std::to_string(*timestamp) : std::string("null"))
        + ",\"timestampType\":" + (logAppendTime ? "\"LogAppendTime\"" : "\"CreateTime\"")
        + ",\"key\":" + (key ? jsonString(*key) : std::string("null")) + ",\"value\":";
    if (isJsonContainer(value)) {
        line.append(value);
    } else {
        line += jsonString(value);
        line += ",\"columns\":{";
        const std::vector<std::string> fields = io::splitCsv(value, delimiter);
        for (std::size_t i = 0; i < fields.size(); ++i)
            line += (i ? ",\"" : "\"") + std::to_string(i) + "\":" + jsonString(fields[i]);
        line += "}";
    }
    return line + "}";
}

bool KafkaSource::drainAtTheEnd(PipelineConfig& pipeline)
{
    if (!pipeline.kafka || pipeline.endOfInput != EndOfInput::MaxWatermark)
        return false;
    pipeline.endOfInput = EndOfInput::Drain;
    return true;
}

InputFileSpec KafkaSource::recordSpec()
{
    InputFileSpec spec;
    spec.format = InputFileSpec::Format::Jsonl;
    spec.ts.name = "timestamp";
    spec.key = {FieldRef {-1, "key"}};
    spec.partition = FieldRef {-1, "partition"};
    spec.offset = FieldRef {-1, "offset"};
    return spec;
}

std::unique_ptr<KafkaSource> KafkaSource::open(const Options& options, std::string& error)
{
    const std::string where = "the broker at " + options.bootstrap;
    char reason[512] = {};
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    const std::string timeout = std::to_string(options.connectTimeoutMs);
    // A consumer of its own: partitions are assigned, nothing is committed, no group is joined.
    const std::pair<const char*, std::string> settings[] = {
        {"bootstrap.servers", options.bootstrap}, {"group.id", "tidemark-" + std::to_string(::getpid())},
        {"client.id", "tidemark"}, {"enable.auto.commit", "false"}, {"enable.auto.offset.store", "false"},
        {"allow.auto.create.topics", "false"}, {"socket.connection.setup.timeout.ms", timeout},
        {"log_level", "0"}, // errors come back as results and as messages; nothing is printed
    };
    for (const auto& [name, value] : settings) {
        if (rd_kafka_conf_set(conf, name, value.c_str(), reason, sizeof reason) != RD_KAFKA_CONF_OK) {
            rd_kafka_conf_destroy(conf);
            error = std::string("cannot set the Kafka client's ") + name + ": " + reason;
            return nullptr;
        }
    }
    rd_kafka_t* raw = rd_kafka_new(RD_KAFKA_CONSUMER, conf, reason, sizeof reason); // takes conf
    if (!raw) {
        error = std::string("cannot create a Kafka consumer: ") + reason;
        return nullptr;
    }
    auto handle = std::make_unique<Handle>();
    handle->consumer.reset(raw);
    rd_kafka_t* rk = raw;
    rd_kafka_poll_set_consumer(rk);

    // The topic's partitions, from the metadata of every topic: asking for one by name lets a broker that creates
    // topics on demand create it.
    const rd_kafka_metadata_t* rawMetadata = nullptr;
    const rd_kafka_resp_err_t asked = rd_kafka_metadata(rk, 1, nullptr, &rawMetadata, options.connectTimeoutMs);
    const std::unique_ptr<const rd_kafka_metadata_t, MetadataDeleter> metadata(rawMetadata);
    if (asked != RD_KAFKA_RESP_ERR_NO_ERROR) {
        const int ms = options.connectTimeoutMs;
        error = where + " did not answer within "
            + (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") + ": "
            + rd_kafka_err2str(asked);
        return nullptr;
    }
    const rd_kafka_metadata_topic_t* found = nullptr;
    for (int t = 0; t < metadata->topic_cnt; ++t) {
        if (metadata->topics[t].topic == options.topic)
            found = &metadata->topics[t];
    }
    if (!found || found->err != RD_KAFKA_RESP_ERR_NO_ERROR || found->partition_cnt < 1) {
        error = "topic \"" + options.topic + "\" does not exist on " + where.substr(4)
            + (found && found->err != RD_KAFKA_RESP_ERR_NO_ERROR
                    ? std::string(" (") + rd_kafka_err2str(found->err) + ")"
                    : std::string());
        return nullptr;
    }
    const int partitions = found->partition_cnt;

    PartitionList list(rd_kafka_topic_partition_list_new(partitions));
    for (int p = 0; p < partitions; ++p) {
        rd_kafka_topic_partition_t* tp = rd_kafka_topic_partition_list_add(list.get(), options.topic.c_str(), p);
        switch (options.from) {
        case Options::From::Earliest:
            tp->offset = RD_KAFKA_OFFSET_BEGINNING;
            break;
        case Options::From::Latest: {
            // the end as of now, fixed here rather than when the first fetch starts: what comes from now on is read
            std::int64_t low = 0;
            std::int64_t high = 0;
            const rd_kafka_resp_err_t asked
                = rd_kafka_query_watermark_offsets(rk, options.topic.c_str(), p, &low, &high, options.connectTimeoutMs);
            if (asked != RD_KAFKA_RESP_ERR_NO_ERROR) {
                error = "cannot find the latest offset of partition " + std::to_string(p) + " of \"" + options.topic
                    + "\": " + rd_kafka_err2str(asked);
                return nullptr;
            }
            tp->offset = high;
            break;
        }
        case Options::From::Timestamp:
            tp->offset = options.fromTimestamp; // offsets_for_times reads the timestamp here
            break;
        }
    }
    if (options.from == Options::From::Timestamp) {
        const rd_kafka_resp_err_t found = rd_kafka_offsets_for_times(rk, list.get(), options.connectTimeoutMs);
        if (found != RD_KAFKA_RESP_ERR_NO_ERROR) {
            error = "cannot find the offsets of " + std::to_string(options.fromTimestamp) + " on " + where.substr(4)
                + ": " + rd_kafka_err2str(found);
            return nullptr;
        }
        for (int i = 0; i < list->cnt; ++i) {
            if (list->elems[i].offset < 0) // no record at or after the time yet: from the end
                list->elems[i].offset = RD_KAFKA_OFFSET_END;
        }
    }
    if (const rd_kafka_resp_err_t assigned = rd_kafka_assign(rk, list.get()); assigned != RD_KAFKA_RESP_ERR_NO_ERROR) {
        error = "cannot read topic \"" + options.topic + "\": " + rd_kafka_err2str(assigned);
        return nullptr;
    }
    return std::unique_ptr<KafkaSource>(new KafkaSource(options, std::move(handle), partitions));
}

KafkaSource::KafkaSource(Options options, std::unique_ptr<Handle> handle, int partitions)
    : m_options(std::move(options))
    , m_handle(std::move(handle))
    , m_partitions(partitions)
{ }

KafkaSource::~KafkaSource() = default;

void KafkaSource::pollOnce(int timeoutMs, std::vector<LiveEvent>& out)
{
    rd_kafka_t* rk = m_handle->consumer.get();
    int wait = timeoutMs;
    // what has come, up to a batch; the first poll waits, the rest only take what is there
    for (int taken = 0; taken < 1000; ++taken) {
        rd_kafka_message_t* message = rd_kafka_consumer_poll(rk, wait);
        wait = 0;
        if (!message)
            return;
        const std::unique_ptr<rd_kafka_message_t, void (*)(rd_kafka_message_t*)> owned(
            message, rd_kafka_message_destroy);
        const Timestamp at = now();
        if (message->err == RD_KAFKA_RESP_ERR__PARTITION_EOF)
            continue;
        if (message->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            const std::string text = rd_kafka_message_errstr(message);
            if (message->err == RD_KAFKA_RESP_ERR__TRANSPORT || message->err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN) {
                notice(out, at, name() + ": " + text + " (librdkafka keeps trying)");
                continue;
            }
            end(out, name() + ": " + text, true);
            return;
        }
        rd_kafka_timestamp_type_t type = RD_KAFKA_TIMESTAMP_NOT_AVAILABLE;
        const std::int64_t ts = rd_kafka_message_timestamp(message, &type);
        std::optional<std::string> key;
        if (message->key)
            key.emplace(static_cast<const char*>(message->key), message->key_len);
        const std::string_view value(
            message->payload ? static_cast<const char*>(message->payload) : "", message->payload ? message->len : 0);
        LiveEvent line;
        line.kind = LiveEvent::Kind::Line;
        line.at = at;
        line.client = static_cast<int>(message->partition) + 1; // a partition's records are a stream of their own
        line.text = recordLine(static_cast<int>(message->partition), message->offset,
            type == RD_KAFKA_TIMESTAMP_NOT_AVAILABLE ? std::nullopt : std::optional<Timestamp>(ts),
            type == RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME, key, value, m_options.delimiter);
        out.push_back(std::move(line));
        if (m_options.maxRecords && ++m_records >= *m_options.maxRecords) {
            end(out, "read " + std::to_string(m_records) + " records (--max-records)", false);
            return;
        }
    }
}

void KafkaSource::stop(std::vector<LiveEvent>& out)
{
    end(out, "stopped", false);
}

} // namespace tidemark::live
