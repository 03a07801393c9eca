#include "FuzzSpec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    fuzzLoad(tidemark::io::EventFileSpec::Format::Jsonl, data, size);
    return fuzzLoadAgainstLines(tidemark::io::EventFileSpec::Format::Jsonl, data, size);
}
