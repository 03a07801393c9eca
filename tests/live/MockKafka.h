#pragma once

// librdkafka's in-process mock cluster as the Kafka broker of a test (it listens on 127.0.0.1 only).
#include "engine/core/Time.h"

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <QTest>

#include <memory>
#include <string>

namespace tidemark::test {

// A producer whose own mock cluster is the broker: topics are created in it, records produced to a partition
// with a timestamp of our choosing.
class MockKafka {
public:
    MockKafka()
    {
        char reason[256] = {};
        rd_kafka_conf_t* conf = rd_kafka_conf_new();
        rd_kafka_conf_set(conf, "test.mock.num.brokers", "1", reason, sizeof reason);
        rd_kafka_conf_set(conf, "log_level", "0", reason, sizeof reason);
        m_producer.reset(rd_kafka_new(RD_KAFKA_PRODUCER, conf, reason, sizeof reason));
        if (!m_producer)
            qFatal("cannot start librdkafka's mock cluster: %s", reason);
        m_cluster = rd_kafka_handle_mock_cluster(m_producer.get());
    }
    std::string bootstrap() const { return rd_kafka_mock_cluster_bootstraps(m_cluster); }
    void createTopic(const char* topic, int partitions)
    {
        QCOMPARE(rd_kafka_mock_topic_create(m_cluster, topic, partitions, 1), RD_KAFKA_RESP_ERR_NO_ERROR);
    }
    void produce(const char* topic, int partition, const std::string& key, const std::string& value, Timestamp ts)
    {
        const rd_kafka_resp_err_t err
            = rd_kafka_producev(m_producer.get(), RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_PARTITION(partition),
                RD_KAFKA_V_KEY(key.data(), key.size()), RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()),
                RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_TIMESTAMP(ts), RD_KAFKA_V_END);
        QCOMPARE(err, RD_KAFKA_RESP_ERR_NO_ERROR);
    }
    void flush() { QCOMPARE(rd_kafka_flush(m_producer.get(), 10000), RD_KAFKA_RESP_ERR_NO_ERROR); }

private:
    struct Destroy {
        void operator()(rd_kafka_t* rk) const { rd_kafka_destroy(rk); }
    };
    std::unique_ptr<rd_kafka_t, Destroy> m_producer;
    rd_kafka_mock_cluster_t* m_cluster = nullptr;
};

} // namespace tidemark::test
