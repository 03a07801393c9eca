#pragma once

#include <iosfwd>

namespace tidemark::cli {

// `tidemark verify SCENARIO [--oracle-jar JAR] [--format text|jsonl]`: plays the scenario in Tidemark and through
// Apache Flink's own operators (the Flink oracle of the scenario's Flink line, on Java 17), and says for every output
// whether Flink agrees. Returns 0 when Flink agrees with every output, 1 when an output differs, 2 when it cannot be
// checked (no Java, no oracle, a scenario either side refuses, a usage error), each with the reason on stderr.
int verifyCommand(int argc, char** argv);
int verifyCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

const char* verifyUsage();

} // namespace tidemark::cli
