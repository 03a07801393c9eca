#pragma once

#include "engine/core/FlinkVersion.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tidemark::verify {

// Real Flink as the judge of one run: the oracle (tests/flink-oracle, a jar per Flink line) plays a scenario through
// Flink's own operators and prints the output lines `tidemark run --format jsonl` prints. `tidemark verify` and the
// app's Verify with Flink compare the two here.

// Where the oracle of a Flink line is installed: share/tidemark/flink-oracle/flink-<line>/flink-oracle.jar beside
// the examples (the build tree is laid out the same way when it builds the oracle).
std::filesystem::path installedOracleJar(FlinkVersion line);

// The `java` on PATH, or nullopt.
std::optional<std::filesystem::path> findJava();

// What to install when there is no Java: one sentence for people.
std::string javaMissingMessage();

// A program's exit status, standard output and the end of its standard error.
struct ProcessResult {
    bool started = false; // false: it could not be started (error says why)
    bool timedOut = false;
    int exitCode = -1;
    std::string out;
    std::string err;
    std::string error;
};
// Runs `argv` (argv[0] a path) to its end or the timeout, whichever comes first; a program still running then is
// killed.
ProcessResult runProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

// How Tidemark's outputs fare against Flink's. Outputs are matched within the input record after which they come
// (afterInput), as multisets: Flink leaves the order of timers with equal timestamps open. Numbers compare exactly:
// integers as 64-bit integers, other numbers as the doubles they are (the engine adds a window's values in Flink's
// order, so a sum is Flink's to the last bit).
struct OutputAgreement {
    std::vector<bool> agreed; // per Tidemark output line, in order
    std::vector<std::string> flinkOnly; // Flink's output lines no Tidemark line matched
    std::size_t agreedCount() const;
    bool complete() const { return agreedCount() == agreed.size() && flinkOnly.empty(); }
};
// Both arguments are JSON output lines (a chain's fires and late records, a job graph's operator outputs; step lines
// and other lines are passed over).
OutputAgreement compareOutputs(const std::vector<std::string>& tidemark, const std::vector<std::string>& flink);

// An output line in the form it is compared in: the JSON object with each number written as its exact value (an
// integral double as an integer), or the line itself when it is not JSON.
std::string comparableOutput(const std::string& line);

} // namespace tidemark::verify
