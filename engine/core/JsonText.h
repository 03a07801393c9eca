#pragma once

#include <string>
#include <string_view>

namespace tidemark {

// `text` as a JSON string literal, quotes included: the one quoter every JSON Tidemark writes goes through (the
// outputs, the scenario files, the comparisons, a Kafka record shown as a line, the "found …" of a message).
// Escapes as JSON.stringify does: \" \\ \b \f \n \r \t, other control characters and DEL as \u00XX; the rest,
// UTF-8 included, as it is.
std::string jsonString(std::string_view text);

} // namespace tidemark
