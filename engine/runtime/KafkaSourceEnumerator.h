#pragma once

#include <string>
#include <string_view>

namespace tidemark {

// Where Flink's KafkaSourceEnumerator puts a topic's partitions (flink-connector-kafka 3.3 to 5.0,
// KafkaSourceEnumerator#getSplitOwner, the default SplitOwnerSelector of 5.0):
//   startIndex = ((topic.hashCode() * 31) & 0x7FFFFFFF) % numReaders      (Java int arithmetic)
//   owner      = (startIndex + partition) % numReaders
// so a topic's partitions go round robin over the readers from a start its name decides, and readers beyond the
// partition count own none.
struct KafkaSourceEnumerator {
    // The source reader (SourceOperator subtask) that reads `partition` of `topic`; 1 <= numReaders, 0 <= partition.
    static int splitOwner(std::string_view topic, int partition, int numReaders);
    // The split's id, as TopicPartition#toString names it: "topic-partition".
    static std::string splitId(std::string_view topic, int partition);
};

} // namespace tidemark
