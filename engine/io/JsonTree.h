#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::detail {

// A JSON document as simdjson parsed it, kept as a small tree that remembers where every value and key
// starts, so that the scenario reader can check fields in any order and point at the offending one.
struct JsonNode {
    enum class Kind : std::uint8_t { Null, Bool, Number, String, Array, Object };
    enum class NumberKind : std::uint8_t { Int64, UInt64, Double, OutOfRange };

    struct Key {
        std::string name;
        std::size_t offset = 0; // of the key's opening quote
    };

    Kind kind = Kind::Null;
    NumberKind numberKind = NumberKind::Int64;
    bool boolean = false;
    std::int64_t int64 = 0;
    std::uint64_t uint64 = 0;
    double number = 0.0;
    std::size_t offset = 0; // byte offset of the value's first character
    std::string text; // String: the unescaped value; Number: the token as written
    std::vector<JsonNode> items; // Array elements, or Object member values (parallel to keys)
    std::vector<Key> keys; // Object member names

    const JsonNode* member(std::string_view name) const;
};

struct JsonParseResult {
    bool ok = false;
    JsonNode root;
    std::size_t errorOffset = 0;
    std::string errorMessage;
};

// Parses one complete JSON document with simdjson (on-demand, walking every value).
JsonParseResult parseJsonTree(std::string_view text);

// A simdjson error code (simdjson::error_code) as a message for people.
std::string describeJsonError(int code);

// The opening quote of a string that runs to the end of the text (0 when there is none).
std::size_t unclosedQuote(std::string_view text);

// Maps byte offsets to 1-based line and column; columns count UTF-8 code points.
struct LineColumn {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};
LineColumn lineColumnAt(std::string_view text, std::size_t offset);

// The 1-based lines of offsets asked in increasing order (the items of a list): one pass over the text for all of
// them, where lineColumnAt scans from the start for each, which made 20,000 inline records take 12 s to read.
class LineCounter {
public:
    explicit LineCounter(std::string_view text)
        : m_text(text)
    { }
    std::uint32_t lineAt(std::size_t offset);

private:
    std::string_view m_text;
    std::size_t m_offset = 0; // counted up to here
    std::uint32_t m_line = 1;
};

// The offset of the first byte that is not valid UTF-8, or npos.
std::size_t findInvalidUtf8(std::string_view text);

// What a value is, for "found …": null, true, the number as written, the string quoted and shortened,
// "an array", "an object".
std::string describeValue(const JsonNode& n);

// The text of a JSON file a user edits (a scenario, a comparison), or why not in `error`: `what` names it
// ("scenario"). Files over 2 GiB are refused (`tooLargeHint` says what to do instead); a byte-order mark
// becomes spaces, so that offsets stay where an editor shows them.
std::optional<std::string> readEditedFile(
    const std::filesystem::path& path, std::string_view what, std::string_view tooLargeHint, std::string& error);

} // namespace tidemark::io::detail
