#include "engine/io/EventFile.h"
#include "engine/io/GuessSpec.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

// The import dialog and `tidemark run --events` guess a file's layout from its first lines, then read it
// with the guess: neither step may crash, hang or leak on any input.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tidemark;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string_view name = size > 0 && (data[0] & 1) != 0 ? "events.jsonl" : "events.csv";
    const InputFileSpec spec = io::guessInputFileSpec(text, name);
    KeyTable keys;
    (void)io::parseEventText(text, std::string(name), spec, keys);
    return 0;
}
