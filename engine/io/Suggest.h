#pragma once

#include <span>
#include <string>
#include <string_view>

namespace tidemark::io::detail {

// Levenshtein distance, ignoring ASCII case ("Tumbling" is a typo of "tumbling", not a different word).
std::size_t editDistance(std::string_view a, std::string_view b);

// The candidate closest to `word` by edit distance (for "did you mean …?"); empty when there is none.
std::string_view closestWord(std::string_view word, std::span<const std::string_view> candidates);

// How a piece of input is shown after "found": quoted and shortened to `maxChars` characters.
std::string quotedExcerpt(std::string_view s, std::size_t maxChars = 40);

} // namespace tidemark::io::detail
