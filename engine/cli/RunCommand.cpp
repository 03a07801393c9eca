#include "engine/cli/RunCommand.h"

#include "engine/cli/OutputFormat.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

namespace tidemark::cli {

const char* runUsage()
{
    return "usage: tidemark run SCENARIO.json [--format jsonl|text] [--explain] [--steps]\n"
           "\n"
           "Plays a scenario to its end and prints what the window operator outputs, in order.\n"
           "  --format text    readable lines in Flink's print manner (default)\n"
           "  --format jsonl   one JSON object per line: {\"type\":\"fire\",...} and {\"type\":\"late\",...}\n"
           "  --steps          also print every step of the event queue ({\"type\":\"step\",...} in jsonl)\n"
           "  --explain        explain every step in words, with the numbers and the rule\n"
           "  --help           show this text\n";
}

namespace {

int usageError(std::ostream& err, const std::string& message)
{
    err << "tidemark run: " << message << "\n\n" << runUsage();
    return 2;
}

} // namespace

int runCommand(int argc, char** argv)
{
    return runCommand(argc, argv, std::cout, std::cerr);
}

int runCommand(int argc, char** argv, std::ostream& stdOut, std::ostream& stdErr)
{
    std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    if (!args.empty() && args.front() == "run")
        args.erase(args.begin());
    bool jsonl = false;
    bool explain = false;
    bool steps = false;
    std::string path;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--help" || a == "-h") {
            stdOut << runUsage();
            return 0;
        }
        if (a == "--explain") {
            explain = true;
        } else if (a == "--steps") {
            steps = true;
        } else if (a == "--format" || a.rfind("--format=", 0) == 0) {
            std::string_view value;
            if (a == "--format") {
                if (i + 1 >= args.size())
                    return usageError(stdErr, "--format needs a value: jsonl or text");
                value = args[++i];
            } else {
                value = a.substr(9);
            }
            if (value == "jsonl")
                jsonl = true;
            else if (value == "text")
                jsonl = false;
            else
                return usageError(stdErr, "unknown format \"" + std::string(value) + "\": expected jsonl or text");
        } else if (a.size() > 1 && a[0] == '-') {
            return usageError(stdErr, "unknown option " + std::string(a));
        } else if (path.empty()) {
            path = a;
        } else {
            return usageError(stdErr, "more than one scenario given: " + path + " and " + std::string(a));
        }
    }
    if (path.empty())
        return usageError(stdErr, "no scenario given");

    auto loaded = io::loadScenarioFile(path);
    if (!loaded.ok()) {
        stdErr << loaded.errorText();
        return 1;
    }
    try {
        const Player player(std::move(*loaded.value));
        const Scenario& scenario = player.scenario();
        const Trace& trace = player.trace();
        std::unique_ptr<Narrator> narrator;
        if (explain)
            narrator = std::make_unique<Narrator>(scenario);
        std::string out;
        const auto fires = trace.fires();
        const auto lates = trace.lates();
        std::size_t fi = 0;
        std::size_t li = 0;
        const auto last = static_cast<StepIndex>(trace.stepCount() - 1);
        for (StepIndex s = 1; s <= last; ++s) {
            const bool hasOutput
                = (fi < fires.size() && fires[fi].step == s) || (li < lates.size() && lates[li].step == s);
            if (steps)
                out += (jsonl ? stepJson(trace, s, scenario) : stepText(trace, s, scenario)) + "\n";
            if (explain) {
                const std::string text = narrator->narrate(player.detailAt(s), trace).text();
                if (jsonl)
                    out += "{\"type\":\"explain\",\"step\":" + std::to_string(s) + ",\"text\":" + jsonString(text)
                        + "}\n";
                else
                    out += "[step " + std::to_string(s) + ", "
                        + TimeFormatter::processingTime(trace.step(s).processingTime) + "] " + text + "\n";
            }
            if (!hasOutput)
                continue;
            // Fires and late records of one step, merged back into the order they were produced.
            while ((fi < fires.size() && fires[fi].step == s) || (li < lates.size() && lates[li].step == s)) {
                const bool takeFire = li >= lates.size() || lates[li].step != s
                    || (fi < fires.size() && fires[fi].step == s && fires[fi].sequence < lates[li].sequence);
                if (takeFire) {
                    const FireEvent& f = fires[fi++].fire;
                    out += (jsonl ? fireJson(f, scenario.keys) : fireText(f, scenario.keys)) + "\n";
                } else {
                    const LateEvent& l = lates[li++].late;
                    out += (jsonl ? lateJson(l, scenario.keys) : lateText(l, scenario.keys)) + "\n";
                }
            }
            if (out.size() > (1u << 16)) {
                stdOut.write(out.data(), static_cast<std::streamsize>(out.size()));
                out.clear();
            }
        }
        stdOut.write(out.data(), static_cast<std::streamsize>(out.size()));
        stdOut.flush();
        if (player.failure()) {
            stdErr << path << ": the job failed at step " << player.failure()->step << ": " << player.failure()->message
                   << "\n";
            return 1;
        }
    } catch (const std::exception& e) {
        // The job itself failed (e.g. a session merge Flink refuses): Flink would fail the job too.
        stdErr << path << ": the job failed: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

} // namespace tidemark::cli
