#include "ConformanceCase.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace tidemark::conformance {

std::filesystem::path casesDirectory()
{
    if (const char* root = std::getenv("TIDEMARK_SOURCE_DIR"); root != nullptr && *root != '\0')
        return std::filesystem::path(root) / "tests" / "conformance" / "cases";
    return std::filesystem::path(TIDEMARK_CONFORMANCE_CASES_DIR);
}

std::vector<std::filesystem::path> caseFiles(std::string_view kind)
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(casesDirectory())) {
        if (entry.path().extension() != ".json")
            continue;
        CaseFile file(entry.path());
        if (has(file.root(), "kind") && stringOf(at(file.root(), "kind")) == kind)
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

CaseFile::CaseFile(const std::filesystem::path& path)
    : m_parser(std::make_unique<simdjson::dom::parser>())
    , m_name(path.filename().string())
{
    simdjson::error_code error = m_parser->load(path.string()).get(m_root);
    if (error)
        throw std::runtime_error(path.string() + ": " + simdjson::error_message(error));
}

bool has(simdjson::dom::element object, std::string_view field)
{
    simdjson::dom::element value;
    return object.is_object() && !object.get_object().at_key(field).get(value);
}

simdjson::dom::element at(simdjson::dom::element object, std::string_view field)
{
    simdjson::dom::element value;
    if (!object.is_object() || object.get_object().at_key(field).get(value))
        throw std::runtime_error("missing field \"" + std::string(field) + "\"");
    return value;
}

std::int64_t int64Of(simdjson::dom::element value)
{
    std::int64_t i = 0;
    if (!value.get_int64().get(i))
        return i;
    double d = 0;
    if (!value.get_double().get(d) && std::trunc(d) == d && std::fabs(d) < 9.0e15)
        return static_cast<std::int64_t>(d);
    throw std::runtime_error("expected an integer");
}

double numberOf(simdjson::dom::element value)
{
    std::int64_t i = 0;
    if (!value.get_int64().get(i))
        return static_cast<double>(i);
    double d = 0;
    if (!value.get_double().get(d))
        return d;
    throw std::runtime_error("expected a number");
}

std::string stringOf(simdjson::dom::element value)
{
    std::string_view s;
    if (value.get_string().get(s))
        throw std::runtime_error("expected a string");
    return std::string(s);
}

bool boolOf(simdjson::dom::element value)
{
    bool b = false;
    if (value.get_bool().get(b))
        throw std::runtime_error("expected true or false");
    return b;
}

std::string keyText(simdjson::dom::element value)
{
    if (value.is_string())
        return stringOf(value);
    return std::to_string(int64Of(value));
}

} // namespace tidemark::conformance
