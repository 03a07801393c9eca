#pragma once

#include "engine/io/JsonFields.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::schema {

// A file format described as data: each struct's fields with their key in the file, the member they fill, when
// they belong (a sliding window has a slide, a tumbling one has not), whether the file must give them and how they
// are written. Reading, writing and comparing walk the description (SchemaFields.h builds and walks it).

// How a struct's object is written.
enum class Layout : std::uint8_t {
    Inline, // {"a": 1, "b": 2}
    Block, // one field a line, indented, the closing brace on a line of its own
    Wrapped, // on one line but for the fields marked newLine, which start a line under the first
};

template <class T> struct Field {
    std::string_view key;
    // The field belongs to the object only when this holds (null: always), e.g. the assigner's type.
    std::function<bool(const T&)> applies;
    // The file must give it (null: it may leave it to the default), and what to say when it does not.
    std::function<bool(const T&)> required;
    std::function<std::string(const T&)> hint;
    // Reads the value into `value` (its JSON type checked; the rule table checks the value itself).
    std::function<void(const detail::JsonNode&, T&)> read;
    // The value as JSON text; nullopt leaves the field out of the file.
    std::function<std::optional<std::string>(const T&, std::string_view indent)> write;
    // For a field that is an object of its own: where two values differ inside it, as "key.sub: a vs b", or ""
    // (null: the field's written texts are compared).
    std::function<std::string(const T&, const T&)> differ;
    bool newLine = false; // Layout::Wrapped: the field starts a line of its own
    // Given where it does not apply: what to say, e.g. "\"delimiter\" applies only to \"format\": \"csv\"" (null: it
    // is an unknown key there, with a "did you mean").
    std::function<std::string(const T&)> misplaced;
    // Read after the others, once the schema's `settled` check has passed (a scenario's input is checked against
    // its pipeline, which the rule table checks first).
    bool readLast = false;
};

template <class T> struct Schema {
    // What the file calls the object in messages, by its value ("tumbling assigner").
    std::function<std::string(const T&)> context;
    Layout layout = Layout::Inline;
    // A field read before the others, whose value decides which others belong ("type"); its missing message
    // names the object generally ("missing "type" in assigner").
    std::optional<std::string_view> discriminator;
    std::string_view name; // "assigner", for the discriminator's messages
    std::vector<Field<T>> fields;
    // Called between the fields read first and those marked readLast, with the object's node.
    std::function<void(const detail::JsonNode&, const T&)> settled {};
};

// Reads `node` into `value` as `schema` describes it (value starts as the struct's defaults).
template <class T> void read(const Schema<T>& schema, const detail::JsonNode& node, T& value);
// The JSON object of `value`; `indent` is where the object itself starts its line (for Block and Wrapped).
template <class T> std::string write(const Schema<T>& schema, const T& value, std::string_view indent);
// The first field where `a` and `b` differ, as "path: a vs b" under `prefix` ("pipeline."); nullopt when none.
template <class T>
std::optional<std::string> difference(const Schema<T>& schema, const T& a, const T& b, std::string_view prefix);

} // namespace tidemark::io::schema
