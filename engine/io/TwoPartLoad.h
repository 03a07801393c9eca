#pragma once

#include "engine/core/Keys.h"
#include "engine/io/EventFileContents.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tidemark::io::detail {

class ByteSource;

// The first part's share of an input read in two: a little less than half, as its thread also makes the room
// for the second part's records while that part is still read.
inline constexpr double kFirstPartShare = 0.45;

// Whether an input of `total` bytes is read in two parts at once (LoadOptions::twoPartsFromBytes).
bool worthTwoParts(std::uint64_t total, const LoadOptions& options);

// Where a text is split in two parts: after the first line end at or past `from`; 0 when none is found (and the
// text is read whole).
std::uint64_t splitAfterLineEnd(std::string_view text, std::uint64_t from);

// Reads an input in two parts at once, split after the line that ends at `split`: this thread the first part,
// another the second, which starts once the first has read the header (or knows there is none) and interns its
// keys into a table of its own. Joined, they are what one loader reading the whole input gives: the same
// records, key ids in order of first appearance, the same errors at the same lines (the second part's lines are
// numbered after the first part's), the same stop at the first error of a strict load.
Loaded<EventFileContents> loadInTwoParts(const std::string& name, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, std::uint64_t total, std::uint64_t split,
    ByteSource& firstSource, ByteSource& secondSource);

// The records' room, set aside for the whole file from its first lines, trimmed when the guess was large.
Loaded<EventFileContents> trimmed(Loaded<EventFileContents> loaded);

} // namespace tidemark::io::detail
