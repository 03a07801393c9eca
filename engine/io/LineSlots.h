#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/io/Suggest.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tidemark::io::detail {

// What the splitters of an event-file line (CSV, text, JSON lines) hand to the record builder: the fields the
// mapping names, each in its slot, and where a line failed.

// One extracted field of a line: its text (a CSV/text field, a JSON string's value, or a JSON number's
// token) and where it starts in the line.
struct Slot {
    enum class Type : std::uint8_t { Missing, Text, JsonString, JsonNumber, JsonOther };
    Type type = Type::Missing;
    std::uint32_t offset = 0;
    // Text: the field; JsonString: the unescaped value; JsonNumber: the token; JsonOther: how to show the
    // value after "found" ("true", "null", "an object", …).
    std::string_view text;
};

struct LineFailure {
    std::size_t offset = 0;
    std::string message;
};

// Slot indices: keys first, then these.
enum SlotIndex : std::size_t {
    kTs = 0,
    kValue,
    kArrival,
    kChannel,
    kPartition,
    kOffset,
    kWatermark,
    kWatermarkChannel,
    kWatermarkArrival,
    kFixedSlots
};

// The mapping's optional single fields: the member, its slot, and its name in messages.
struct OptionalField {
    std::optional<FieldRef> InputFileSpec::*member;
    SlotIndex slot;
    const char* role;
};
inline constexpr OptionalField kOptionalFields[] = {
    {&InputFileSpec::value, kValue, "value"},
    {&InputFileSpec::arrival, kArrival, "arrival"},
    {&InputFileSpec::channel, kChannel, "channel"},
    {&InputFileSpec::partition, kPartition, "partition"},
    {&InputFileSpec::offset, kOffset, "offset"},
};
inline std::string q(std::string_view s)
{
    return quotedExcerpt(s);
}

inline std::string_view trimSpaces(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace tidemark::io::detail
