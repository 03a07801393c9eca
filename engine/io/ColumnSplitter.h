#pragma once

#include "engine/io/CsvScan.h"
#include "engine/io/LineSlots.h"

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::detail {

// The CSV and text splitters: a line's columns, as far as the mapping needs them (up to `maxColumn`, and two
// more so that a line with too many fields is seen), each with its offset in the line.
class ColumnSplitter {
public:
    const std::vector<Slot>& columns() const { return m_columns; }

    // Quoted fields may hold the delimiter and doubled quotes; a field that does not close its quote on the
    // line is an error.
    bool splitCsv(std::string_view line, char delimiter, std::size_t maxColumn, LineFailure& failure);

    // The columns scanCsvLines found on `line` (its text, maybe without a trailing '\r'), as splitCsv would
    // split them: false, taking nothing, for what only splitCsv may read.
    bool takeScanned(const CsvScanLine& scanned, std::string_view line, std::size_t maxColumn);

    // Columns separated by runs of spaces and tabs.
    void splitText(std::string_view line, std::size_t maxColumn);

private:
    std::vector<Slot> m_columns;
    std::deque<std::string> m_unescaped; // growing a deque keeps the earlier fields' text in place
};

} // namespace tidemark::io::detail
