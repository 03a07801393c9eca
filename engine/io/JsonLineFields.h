#pragma once

#include "engine/io/EventFileContents.h"
#include "engine/io/JsonTree.h"
#include "engine/io/LineSlots.h"

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tidemark::io::detail {

// The JSON-lines splitter: finds the mapping's fields (dotted paths into nested objects) in one line and puts
// each in its slot. The paths are kept as a tree, so that a line's object is walked once, whatever it holds.
class JsonLineFields {
public:
    // The paths of `spec`'s fields, and of a watermark line's ("watermark", "channel", "arrival").
    void mapFields(const EventFileSpec& spec);

    // Fills `slots` from the line `data[0, size)`; `capacity` bytes from `data` may be read (simdjson's
    // padding). False with `failure` set when the line is no JSON object or names a mapped field twice.
    bool extract(
        const char* data, std::size_t size, std::size_t capacity, std::vector<Slot>& slots, LineFailure& failure);

private:
    struct PathNode {
        std::vector<std::pair<std::string, std::size_t>> children; // segment -> node index
        std::vector<std::size_t> slots;
    };

    simdjson::error_code walk(simdjson::ondemand::object object, std::size_t node, std::vector<Slot>& slots,
        LineFailure& failure, bool& failed);

    static std::string_view trimToken(std::string_view t)
    {
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
            t.remove_suffix(1);
        return t;
    }

    std::vector<PathNode> m_paths;
    simdjson::ondemand::parser m_json;
    simdjson::ondemand::document m_doc;
    const char* m_lineStart = nullptr;
};

// Defined here, inline, for the loader's line loop: as calls from another file they cost a JSON-lines load about
// 6% of its speed.

inline simdjson::error_code JsonLineFields::walk(
    simdjson::ondemand::object object, std::size_t node, std::vector<Slot>& slots, LineFailure& failure, bool& failed)
{
    for (auto fieldResult : object) {
        simdjson::ondemand::field field;
        if (auto e = std::move(fieldResult).get(field))
            return e;
        std::string_view key;
        if (auto e = field.unescaped_key().get(key))
            return e;
        std::size_t child = 0;
        for (const auto& [name, index] : m_paths[node].children) {
            if (name == key) {
                child = index;
                break;
            }
        }
        if (child == 0)
            continue;
        simdjson::ondemand::value value = field.value();
        const std::string_view token = value.raw_json_token();
        const std::size_t offset = static_cast<std::size_t>(token.data() - m_lineStart);
        simdjson::ondemand::json_type type;
        if (auto e = value.type().get(type))
            return e;
        const PathNode& p = m_paths[child];
        if (!p.slots.empty()) {
            Slot s;
            s.offset = static_cast<std::uint32_t>(offset);
            switch (type) {
            case simdjson::ondemand::json_type::string: {
                std::string_view text;
                if (auto e = value.get_string().get(text))
                    return e;
                s.type = Slot::Type::JsonString;
                s.text = text;
                break;
            }
            case simdjson::ondemand::json_type::number:
                s.type = Slot::Type::JsonNumber;
                s.text = trimToken(token);
                break;
            case simdjson::ondemand::json_type::object:
                s.type = Slot::Type::JsonOther;
                s.text = "an object";
                break;
            case simdjson::ondemand::json_type::array:
                s.type = Slot::Type::JsonOther;
                s.text = "an array";
                break;
            default:
                s.type = Slot::Type::JsonOther;
                s.text = trimToken(token);
                break;
            }
            for (const std::size_t slot : p.slots) {
                if (slots[slot].type != Slot::Type::Missing) {
                    failure = {offset, "duplicate field " + q(key)};
                    failed = true;
                    return simdjson::SUCCESS;
                }
                slots[slot] = s;
            }
        }
        if (!p.children.empty() && type == simdjson::ondemand::json_type::object) {
            simdjson::ondemand::object inner;
            if (auto e = value.get_object().get(inner))
                return e;
            if (auto e = walk(inner, child, slots, failure, failed))
                return e;
            if (failed)
                return simdjson::SUCCESS;
        }
    }
    return simdjson::SUCCESS;
}

inline bool JsonLineFields::extract(
    const char* data, std::size_t size, std::size_t capacity, std::vector<Slot>& slots, LineFailure& failure)
{
    for (auto& s : slots)
        s = Slot {};
    m_lineStart = data;
    const std::string_view line(data, size);
    const auto jsonError = [&](simdjson::error_code e, std::size_t fallback) {
        std::size_t offset = fallback;
        const char* where = nullptr;
        if (m_doc.current_location().get(where) == simdjson::SUCCESS && where >= data && where <= data + size)
            offset = static_cast<std::size_t>(where - data);
        failure = {offset, detail::describeJsonError(e)};
        return false;
    };
    // When iterate() itself fails there is no document to ask for a location.
    const auto parseError = [&](simdjson::error_code e, std::size_t fallback) {
        if (e == simdjson::UNCLOSED_STRING)
            fallback = detail::unclosedQuote(line);
        failure = {fallback, detail::describeJsonError(e)};
        return false;
    };
    std::size_t first = 0;
    while (first < size && (data[first] == ' ' || data[first] == '\t'))
        ++first;
    if (data[first] != '{') {
        failure = {first, "expected a JSON object, found " + q(trimSpaces(line.substr(first)))};
        return false;
    }
    if (auto e = m_json.iterate(data, size, capacity).get(m_doc))
        return parseError(e, first);
    simdjson::ondemand::object object;
    if (auto e = m_doc.get_object().get(object))
        return jsonError(e, first);
    bool failed = false;
    if (auto e = walk(object, 0, slots, failure, failed))
        return jsonError(e, size);
    if (failed)
        return false;
    const char* trailing = nullptr;
    if (m_doc.current_location().get(trailing) == simdjson::SUCCESS) // in bounds: text after the object
        return jsonError(simdjson::TRAILING_CONTENT, size);
    // A watermark line names "watermark" and has no timestamp field.
    if (slots[kWatermark].type == Slot::Type::Missing || slots[kTs].type != Slot::Type::Missing) {
        slots[kWatermark] = Slot {};
        slots[kWatermarkChannel] = Slot {};
        slots[kWatermarkArrival] = Slot {};
    } else {
        slots[kArrival] = slots[kWatermarkArrival];
    }
    return true;
}

} // namespace tidemark::io::detail
