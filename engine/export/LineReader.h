#pragma once

#include "engine/core/InputFileSpec.h"

#include <set>
#include <string>

namespace tidemark::flinkjob {

// The Java class of an exported job that reads a socket line as Tidemark reads a line of the scenario's events file
// (docs/scenario-format.md, "input.file"): the same format, fields, header and timestamps. Lines it cannot read are
// reported on stderr with their number and skipped, as `tidemark run --lenient` does. Written for one spec, so
// that it reads as code a Flink user would write for that input.
class LineReader {
public:
    explicit LineReader(const InputFileSpec& spec);

    // "CSV lines with a header: key \"user\", event time \"time\" (yyyy-MM-dd HH:mm:ss.SSS in Asia/Shanghai)".
    std::string description() const;
    // The class `ReadLine implements FlatMapFunction<String, Event>`; the imports it needs go into `imports`.
    std::string javaClass(std::set<std::string>& imports) const;

private:
    // A CSV whose fields are chosen by name (any of them): the first line is the header that names them.
    bool namesColumns() const;
    std::string fieldName(const FieldRef& f) const;
    std::string timestampDescription() const;
    std::string columnsAndHeader() const;
    std::string readMethod() const;
    // timestamp(String): the event time's text as epoch milliseconds; the formatter it uses goes into `formatter`.
    std::string timestampMethod(std::set<std::string>& imports, std::string& formatter) const;

    InputFileSpec m_spec;
};

} // namespace tidemark::flinkjob
