#pragma once

#include <simdjson.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::conformance {

// tests/conformance/cases of the source tree (TIDEMARK_SOURCE_DIR when CTest sets it).
std::filesystem::path casesDirectory();

// Every case file whose "kind" is `kind`, sorted by file name.
std::vector<std::filesystem::path> caseFiles(std::string_view kind);

// One parsed case file. Numbers must be read with int64Of: timestamps such as Long.MAX_VALUE exceed 2^53.
class CaseFile {
public:
    explicit CaseFile(const std::filesystem::path& path); // throws std::runtime_error naming the file
    simdjson::dom::element root() const { return m_root; }
    std::string name() const { return m_name; }

private:
    std::unique_ptr<simdjson::dom::parser> m_parser;
    simdjson::dom::element m_root;
    std::string m_name;
};

bool has(simdjson::dom::element object, std::string_view field);
simdjson::dom::element at(simdjson::dom::element object, std::string_view field); // throws when missing
std::int64_t int64Of(simdjson::dom::element value); // exact for integers, throws for fractions
double numberOf(simdjson::dom::element value);
std::string stringOf(simdjson::dom::element value);
bool boolOf(simdjson::dom::element value);
// A key as Flink would print it: strings verbatim, integers in decimal.
std::string keyText(simdjson::dom::element value);

} // namespace tidemark::conformance
