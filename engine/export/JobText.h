#pragma once

#include "engine/core/Scenario.h"
#include "engine/core/Time.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob::detail {

// The text the exported job's files share: its Java program, its README and its data files.

// The program's source file: package tidemark.jobs, the imports (sorted, each once), the header comment, then
// the final class `mainClass` (its simple name) with a private constructor and `body`.
template <typename Imports>
std::string javaSourceFile(
    const Imports& imports, std::string_view header, std::string_view mainClass, std::string_view body)
{
    const std::string cls(mainClass.substr(mainClass.rfind('.') + 1));
    std::string java = "package tidemark.jobs;\n\n";
    for (const std::string& i : imports)
        java += "import " + i + ";\n";
    java += "\n" + std::string(header) + "public final class " + cls + " {\n    private " + cls + "() {}\n\n";
    return java.append(body) + "}\n";
}

// `Duration.ofMillis(d)`.
std::string ms(DurationMs d);
// The caveat of a job whose windows run on processing time (WindowConfig::usesProcessingTime), chain or graph.
extern const char* const kProcessingTimeWindowsCaveat;
// A Java string literal.
std::string javaString(std::string_view text);
// `text` as comment lines of at most `width` characters behind `prefix`; a "*/" cannot end the comment early.
std::string wrapped(std::string_view text, std::string_view prefix, std::size_t width = 112);
// `text` line for line (as SQL is laid out) as comment lines behind `prefix`, an empty line as the prefix without its
// trailing spaces; a "*/" cannot end the comment early.
std::string verbatimComment(std::string_view text, std::string_view prefix);
// `String.join("\n", …)` of the lines as Java string literals, one a line behind `indent`.
std::string javaJoinedLines(const std::vector<std::string>& lines, std::string_view indent);
// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string csvField(std::string_view text);
// "1 record", "2 records".
std::string plural(std::size_t n, std::string_view one, std::string_view many);

// The records in the order they arrive, each with its arrival time and the channel Tidemark routes it to.
struct Replayed {
    Timestamp arrival;
    int channel;
    const InputRecord* record;
};
std::vector<Replayed> replayOrder(const Scenario& s);

// `tidemark run` reading the scenario's topic, as the KafkaSource job does; a value the function reads is the
// record's value.
std::string tidemarkKafkaRun(const Scenario& s, std::string_view scenarioFile, std::string_view bootstrap);

} // namespace tidemark::flinkjob::detail
