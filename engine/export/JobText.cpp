#include "engine/export/JobText.h"

#include "engine/core/NumberText.h"

#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/EventQueue.h"
#include "engine/runtime/Partitioners.h"

#include <algorithm>
#include <sstream>

namespace tidemark::flinkjob::detail {

const char* const kProcessingTimeWindowsCaveat
    = "Processing time: the job's windows and timers follow its wall clock since the epoch, Tidemark's follow the "
      "scenario's processing time from 0, so the windows start at other times.";

std::string ms(DurationMs d)
{
    return javaDuration(d);
}

// A Java string literal.
std::string javaString(std::string_view text)
{
    std::string s = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            s += "\\\"";
            break;
        case '\\':
            s += "\\\\";
            break;
        case '\n':
            s += "\\n";
            break;
        default:
            s += c;
        }
    }
    return s + "\"";
}

// `text` as comment lines of at most `width` characters behind `prefix`; a "*/" cannot end the comment early.
std::string wrapped(std::string_view text, std::string_view prefix, std::size_t width)
{
    std::string clean(text);
    for (std::size_t at; (at = clean.find("*/")) != std::string::npos;)
        clean.replace(at, 2, "* /");
    std::istringstream words(clean);
    std::string out;
    std::string line;
    for (std::string w; words >> w;) {
        if (!line.empty() && prefix.size() + line.size() + 1 + w.size() > width) {
            // a lone "-" (max - d) must not begin a line: a README's Markdown would read a list item
            std::string carried;
            const std::size_t last = line.rfind(' ');
            if ((w == "-" || w == "+" || w == "*") && last != std::string::npos) {
                carried = line.substr(last + 1);
                line.erase(last);
            }
            out.append(prefix).append(line).append("\n");
            line = carried;
        }
        line += (line.empty() ? "" : " ") + w;
    }
    if (!line.empty())
        out.append(prefix).append(line).append("\n");
    return out;
}

// A key as the CSV of data/events.csv holds it: quoted when it has a comma, a quote or surrounding spaces.
std::string csvField(std::string_view text)
{
    const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos
        || (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote)
        return std::string(text);
    std::string s = "\"";
    for (const char c : text)
        s += c == '"' ? std::string("\"\"") : std::string(1, c);
    return s + "\"";
}

std::string verbatimComment(std::string_view text, std::string_view prefix)
{
    const std::string_view bare = prefix.substr(0, prefix.find_last_not_of(' ') + 1);
    std::string out;
    for (std::size_t from = 0; from < text.size();) {
        const std::size_t nl = std::min(text.find('\n', from), text.size());
        std::string line(text.substr(from, nl - from));
        for (std::size_t at; (at = line.find("*/")) != std::string::npos;)
            line.replace(at, 2, "* /");
        out.append(line.empty() ? bare : prefix).append(line).append("\n");
        from = nl + 1;
    }
    return out;
}

std::string javaJoinedLines(const std::vector<std::string>& lines, std::string_view indent)
{
    std::string out = "String.join(\"\\n\"";
    for (const std::string& line : lines)
        out.append(",\n").append(indent).append(javaString(line));
    return out + ")";
}

std::string plural(std::size_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// What a job reading a socket cannot say as Tidemark's live run reads it, or nullopt.

std::vector<Replayed> replayOrder(const Scenario& s)
{
    const ArrivalSchedule schedule(s.records, s.arrivals);
    RecordPartitioner partitioner(s.pipeline.watermarks);
    std::vector<Replayed> order;
    order.reserve(schedule.size());
    for (std::size_t k = 0; k < schedule.size(); ++k) {
        const InputRecord& r = s.records[schedule.recordAt(k)];
        order.push_back({schedule.timeAt(k), partitioner.selectChannel(r.channel), &r});
    }
    return order;
}

// `tidemark run` reading the scenario's topic, as the KafkaSource job does; a value the function reads is the
// record's value.
std::string tidemarkKafkaRun(const Scenario& s, std::string_view scenarioFile, std::string_view bootstrap)
{
    return "tidemark run " + std::string(scenarioFile) + " --kafka " + std::string(bootstrap) + " --topic "
        + s.pipeline.kafka->topic + (rules::recordRulesFor(s.pipeline).requireValue ? " --fields value=value" : "");
}

} // namespace tidemark::flinkjob::detail
