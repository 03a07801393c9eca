#include "ScenarioDifference.h"
#include "engine/io/ScenarioIo.h"

#include <cstddef>
#include <cstdint>
#include <string>

// Any input either fails with one positioned error, or loads; a loaded scenario must save to text that
// loads back to the same scenario and saves to the same text again.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tidemark;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto first = io::parseScenarioWithoutInput(text, "fuzz.json");
    if (!first.ok()) {
        if (first.errors.size() != 1 || first.errors.front().where.line == 0)
            __builtin_trap();
        return 0;
    }
    const std::string saved = io::saveScenario(*first.value);
    const auto second = io::parseScenarioWithoutInput(saved, "saved.json");
    if (!second.ok())
        __builtin_trap();
    if (test::scenarioDifference(*first.value, *second.value))
        __builtin_trap();
    if (io::saveScenario(*second.value) != saved)
        __builtin_trap();
    return 0;
}
