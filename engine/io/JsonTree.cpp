#include "engine/io/JsonTree.h"

#include "engine/io/Suggest.h"

#include <fstream>

#include <simdjson.h>

#include <algorithm>
#include <cctype>

namespace tidemark::io::detail {

namespace ondemand = simdjson::ondemand;

namespace {

// Deep enough for any scenario; shallow enough that the recursive walk cannot exhaust the stack.
constexpr std::size_t kMaxDepth = 256;

class TreeBuilder {
public:
    explicit TreeBuilder(const char* base)
        : m_base(base)
    { }

    simdjson::error_code build(ondemand::value value, JsonNode& out)
    {
        out.offset = offsetOf(value.raw_json_token().data());
        ondemand::json_type type;
        if (auto e = value.type().get(type))
            return e;
        switch (type) {
        case ondemand::json_type::object: {
            ondemand::object object;
            if (auto e = value.get_object().get(object))
                return e;
            return buildObject(object, out);
        }
        case ondemand::json_type::array: {
            ondemand::array array;
            if (auto e = value.get_array().get(array))
                return e;
            out.kind = JsonNode::Kind::Array;
            for (auto element : array) {
                ondemand::value item;
                if (auto e = element.get(item))
                    return e;
                out.items.emplace_back();
                if (auto e = build(item, out.items.back()))
                    return e;
            }
            return simdjson::SUCCESS;
        }
        case ondemand::json_type::string: {
            std::string_view s;
            if (auto e = value.get_string().get(s))
                return e;
            out.kind = JsonNode::Kind::String;
            out.text.assign(s);
            return simdjson::SUCCESS;
        }
        case ondemand::json_type::number:
            return buildNumber(value, out);
        case ondemand::json_type::boolean: {
            if (auto e = value.get_bool().get(out.boolean))
                return e;
            out.kind = JsonNode::Kind::Bool;
            return simdjson::SUCCESS;
        }
        case ondemand::json_type::null: {
            bool isNull = false;
            if (auto e = value.is_null().get(isNull))
                return e;
            if (!isNull)
                return simdjson::INCORRECT_TYPE;
            out.kind = JsonNode::Kind::Null;
            return simdjson::SUCCESS;
        }
        }
        return simdjson::INCORRECT_TYPE;
    }

    simdjson::error_code buildObject(ondemand::object object, JsonNode& out)
    {
        out.kind = JsonNode::Kind::Object;
        for (auto fieldResult : object) {
            ondemand::field field;
            if (auto e = std::move(fieldResult).get(field))
                return e;
            const std::size_t keyOffset = offsetOf(field.key().raw()) - 1;
            std::string_view name;
            if (auto e = field.unescaped_key().get(name))
                return e;
            out.keys.push_back({std::string(name), keyOffset});
            out.items.emplace_back();
            if (auto e = build(field.value(), out.items.back()))
                return e;
        }
        return simdjson::SUCCESS;
    }

private:
    std::size_t offsetOf(const char* p) const { return static_cast<std::size_t>(p - m_base); }

    static std::string_view trimmed(std::string_view token)
    {
        while (!token.empty()
            && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
            token.remove_suffix(1);
        return token;
    }

    simdjson::error_code buildNumber(ondemand::value value, JsonNode& out)
    {
        out.kind = JsonNode::Kind::Number;
        out.text.assign(trimmed(value.raw_json_token()));
        ondemand::number number;
        const auto e = value.get_number().get(number);
        if (e == simdjson::NUMBER_OUT_OF_RANGE) {
            out.numberKind = JsonNode::NumberKind::OutOfRange;
            return simdjson::SUCCESS;
        }
        if (e)
            return e;
        switch (number.get_number_type()) {
        case ondemand::number_type::signed_integer:
            out.numberKind = JsonNode::NumberKind::Int64;
            out.int64 = number.get_int64();
            out.number = static_cast<double>(out.int64);
            break;
        case ondemand::number_type::unsigned_integer:
            out.numberKind = JsonNode::NumberKind::UInt64;
            out.uint64 = number.get_uint64();
            out.number = static_cast<double>(out.uint64);
            break;
        default:
            out.numberKind = JsonNode::NumberKind::Double;
            out.number = number.get_double();
            break;
        }
        return simdjson::SUCCESS;
    }

    const char* m_base;
};

std::size_t firstNonSpace(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        ++i;
    return i;
}

std::string describeSimdjsonError(simdjson::error_code e)
{
    switch (e) {
    case simdjson::UTF8_ERROR:
        return "invalid UTF-8";
    case simdjson::UNCLOSED_STRING:
        return "invalid JSON: a string is not closed";
    case simdjson::EMPTY:
        return "expected a JSON object, found an empty file";
    case simdjson::DEPTH_ERROR:
        return "invalid JSON: nested too deeply";
    case simdjson::NUMBER_ERROR:
        return "invalid JSON: malformed or out-of-range number";
    case simdjson::TAPE_ERROR:
        return "invalid JSON: a missing or extra comma, colon, brace or bracket";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
        return "invalid JSON: an object or array is not closed, or there is text after the end";
    case simdjson::STRING_ERROR:
        return "invalid JSON: malformed string (bad escape or control character)";
    case simdjson::T_ATOM_ERROR:
        return "invalid JSON: malformed true";
    case simdjson::F_ATOM_ERROR:
        return "invalid JSON: malformed false";
    case simdjson::N_ATOM_ERROR:
        return "invalid JSON: malformed null";
    default:
        return std::string("invalid JSON: ") + simdjson::error_message(e);
    }
}

// The opening quote of the string that runs to the end of the text.
std::size_t openQuoteAtEnd(std::string_view text)
{
    std::size_t open = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (inString && text[i] == '\\') {
            ++i;
        } else if (text[i] == '"') {
            inString = !inString;
            open = i;
        }
    }
    return inString ? open : 0;
}

} // namespace

std::size_t unclosedQuote(std::string_view text)
{
    return openQuoteAtEnd(text);
}

std::string describeJsonError(int code)
{
    return describeSimdjsonError(static_cast<simdjson::error_code>(code));
}

const JsonNode* JsonNode::member(std::string_view name) const
{
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].name == name)
            return &items[i];
    }
    return nullptr;
}

JsonParseResult parseJsonTree(std::string_view text)
{
    JsonParseResult result;
    const auto fail = [&](std::size_t offset, std::string message) {
        result.ok = false;
        result.errorOffset = offset;
        result.errorMessage = std::move(message);
        return std::move(result);
    };
    if (const auto bad = findInvalidUtf8(text); bad != std::string_view::npos)
        return fail(bad, "invalid UTF-8");

    const simdjson::padded_string padded(text);
    const char* base = padded.data();
    ondemand::parser parser;
    if (auto e = parser.allocate(padded.size() + 64, kMaxDepth))
        return fail(0, describeSimdjsonError(e));
    ondemand::document doc;
    if (auto e = parser.iterate(padded).get(doc)) {
        if (e == simdjson::UNCLOSED_STRING)
            return fail(openQuoteAtEnd(text), describeSimdjsonError(e));
        return fail(firstNonSpace(text), describeSimdjsonError(e));
    }

    const auto locationOr = [&](std::size_t fallback) {
        const char* where = nullptr;
        if (doc.current_location().get(where) == simdjson::SUCCESS && where >= base && where <= base + padded.size())
            return std::min(static_cast<std::size_t>(where - base), text.size());
        return fallback;
    };

    const std::size_t start = firstNonSpace(text);
    if (start == text.size())
        return fail(start, "expected a JSON object, found an empty file");

    TreeBuilder builder(base);
    ondemand::json_type type;
    if (auto e = doc.type().get(type))
        return fail(locationOr(start), describeSimdjsonError(e));
    if (type == ondemand::json_type::object) {
        ondemand::object object;
        if (auto e = doc.get_object().get(object))
            return fail(locationOr(start), describeSimdjsonError(e));
        result.root.offset = start;
        if (auto e = builder.buildObject(object, result.root))
            return fail(locationOr(text.size()), describeSimdjsonError(e));
    } else if (type == ondemand::json_type::array) {
        ondemand::array array;
        if (auto e = doc.get_array().get(array))
            return fail(locationOr(start), describeSimdjsonError(e));
        result.root.offset = start;
        result.root.kind = JsonNode::Kind::Array;
        for (auto element : array) {
            ondemand::value item;
            if (auto e = element.get(item))
                return fail(locationOr(text.size()), describeSimdjsonError(e));
            result.root.items.emplace_back();
            if (auto e = builder.build(item, result.root.items.back()))
                return fail(locationOr(text.size()), describeSimdjsonError(e));
        }
    } else {
        // A scalar document: callers want an object, and say so with the value's own description.
        result.root.offset = start;
        std::string_view token;
        if (doc.raw_json_token().get(token))
            token = text.substr(start, 1);
        while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back())))
            token.remove_suffix(1);
        if (type == ondemand::json_type::string && token.size() >= 2)
            token = token.substr(1, token.size() - 2);
        result.root.text.assign(token.substr(0, std::min<std::size_t>(token.size(), 40)));
        switch (type) {
        case ondemand::json_type::string:
            result.root.kind = JsonNode::Kind::String;
            break;
        case ondemand::json_type::number:
            result.root.kind = JsonNode::Kind::Number;
            break;
        case ondemand::json_type::boolean:
            result.root.kind = JsonNode::Kind::Bool;
            break;
        default:
            result.root.kind = JsonNode::Kind::Null;
            break;
        }
        result.ok = true;
        return result;
    }
    // current_location() is out of bounds exactly when the whole input was consumed.
    const char* trailing = nullptr;
    if (doc.current_location().get(trailing) == simdjson::SUCCESS)
        return fail(locationOr(text.size()), "invalid JSON: unexpected text after the end of the document");
    result.ok = true;
    return result;
}

LineColumn lineColumnAt(std::string_view text, std::size_t offset)
{
    LineColumn lc;
    offset = std::min(offset, text.size());
    for (std::size_t i = 0; i < offset; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++lc.line;
            lc.column = 1;
        } else if ((c & 0xC0) != 0x80 && c != '\r') {
            ++lc.column; // count code points: continuation bytes do not start a character
        }
    }
    return lc;
}

std::uint32_t LineCounter::lineAt(std::size_t offset)
{
    offset = std::min(offset, m_text.size());
    if (offset < m_offset) { // asked out of order: count again from the start
        m_offset = 0;
        m_line = 1;
    }
    m_line += static_cast<std::uint32_t>(
        std::count(m_text.begin() + std::ptrdiff_t(m_offset), m_text.begin() + std::ptrdiff_t(offset), '\n'));
    m_offset = offset;
    return m_line;
}

std::size_t findInvalidUtf8(std::string_view text)
{
    if (simdjson::validate_utf8(text.data(), text.size()))
        return std::string_view::npos;
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07u;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        for (std::size_t k = 1; k < len; ++k) {
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        const bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

std::string describeValue(const JsonNode& n)
{
    switch (n.kind) {
    case JsonNode::Kind::Null:
        return "null";
    case JsonNode::Kind::Bool:
        return n.boolean ? "true" : "false";
    case JsonNode::Kind::Number:
        return n.text;
    case JsonNode::Kind::String:
        return quotedExcerpt(n.text);
    case JsonNode::Kind::Array:
        return "an array";
    case JsonNode::Kind::Object:
        return "an object";
    }
    return "a value";
}

std::optional<std::string> readEditedFile(
    const std::filesystem::path& path, std::string_view what, std::string_view tooLargeHint, std::string& error)
{
    const std::string name(what);
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = ec == std::errc::no_such_file_or_directory ? "cannot open the " + name + ": no such file"
                                                           : "cannot open the " + name + ": " + ec.message();
        return std::nullopt;
    }
    // edited by hand: a huge one is almost certainly the wrong file
    if (size > (std::uint64_t(1) << 31)) {
        error = "the " + name + " file is larger than 2 GiB";
        if (!tooLargeHint.empty())
            error.append("; ").append(tooLargeHint);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open the " + name + ": permission denied or not a regular file";
        return std::nullopt;
    }
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad()) {
        error = "cannot read the " + name + " file";
        return std::nullopt;
    }
    // a byte-order mark is not JSON, but editors on Windows write one
    if (std::string_view(text).starts_with("\xEF\xBB\xBF"))
        text.replace(0, 3, "   ");
    return text;
}

} // namespace tidemark::io::detail
