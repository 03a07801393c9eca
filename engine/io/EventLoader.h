#pragma once

#include "engine/core/Keys.h"
#include "engine/io/ColumnSplitter.h"
#include "engine/io/CsvScan.h"
#include "engine/io/EventFileContents.h"
#include "engine/io/JsonLineFields.h"
#include "engine/io/KeyCache.h"
#include "engine/io/LineSlots.h"
#include "engine/io/Timestamps.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tidemark::io::detail {

class ByteSource;

// Reads an event file (or a part of one, or a line at a time) into records: the line loop over a byte source,
// the header, the splitters' slots turned into records by the mapping, each bad line reported where it is.
class EventLoader {
public:
    EventLoader(std::string fileName, const EventFileSpec& spec, KeyTable& keys, const LoadOptions& options,
        const RecordRules& rules, const RecordSink* sink);

    Loaded<EventFileContents> run(ByteSource& source, std::uint64_t totalBytes);

    // ---- a file read in two parts at once (TwoPartLoad) ----

    // Called once the lines that follow can be read without the first part: the header is read (or there is
    // none to read). Not called when the part stops before that.
    void whenHeaderDecided(std::function<void()> then) { m_onHeaderDecided = std::move(then); }

    // This loader reads the part of the file after `first`'s: none of its lines is the file's first (no
    // byte-order mark to drop), its lines are numbered from the part's start, and the header is as `first`
    // decided it, when it did (else this part's first line may be the header).
    void continueAfter(const EventLoader& first);

    // A line at a time (EventLineParser): lenient, so that a bad line is reported and the next one read.
    std::optional<LoadError> begin();

    LineOutcome parseOne(std::string_view line);

    LoadError skipLine(std::string message);

    std::uint32_t lineNumber() const { return m_lineNumber; }
    const std::string& fileName() const { return m_fileName; }

    Loaded<EventFileContents> failEarly(std::string message);

private:
    // Checks the spec against the rules before reading anything.
    bool prepare();

    bool anyNamed() const;

    // CSV/text: which column feeds which slot (columns named in `spec` are left for the header to resolve).
    void resolveIndices(const EventFileSpec& spec);

    // ---- the line loop ----

    void processLine(const char* data, std::size_t size, std::size_t capacity, std::size_t badByte);

    void report(std::string_view line, std::size_t offset, std::string message);

    bool lineTooLong(std::uint64_t bytes);

    void fileError(std::string message);

    void append(const InputRecord& r);

    void flush(bool all);

    // ---- CSV and text: the header and the columns ----

    bool scansCsvBlocks() const;

    // Whether lines may be read by takePlainCsvLine: a key column, an integer millisecond timestamp, maybe a
    // value and an arrival time, and nothing else, by column numbers below the scan's delimiter limit. Asked once
    // the header is read.
    void decidePlainCsv();

    // A scanned line in the plain form decidePlainCsv allows, each field read by the short readers, straight
    // into a record, as processLine would have read it. False (nothing taken, nothing counted) for anything
    // else: processLine then reads the line, with the same result or its error.
    bool takePlainCsvLine(const CsvScanLine& scanned);

    // The columns of the line processLine is given, as scanCsvLines found them, when they can be taken.
    bool takeScannedColumns(std::string_view line, std::size_t skippedPrefix);

    // Returns true when the line was the header (and so is consumed).
    bool handleHeader(std::string_view line);

    const EventFileSpec& spec() const { return m_resolved ? *m_resolved : m_spec; }

    bool headerDecided() const;

    // What reading the header decided: the columns by number.
    struct HeaderState {
        std::optional<EventFileSpec> resolved;
        std::vector<std::pair<std::size_t, std::size_t>> columnSlots;
        std::size_t maxColumn = 0;
    };
    void adoptHeader(const HeaderState& h);

    bool buildFromColumns(std::string_view line, InputRecord& record, LineFailure& failure);

    // ---- slots to a record ----

    // A number or numeric text: JSON numbers and strings, CSV/text fields (spaces around it allowed).
    bool numericText(const Slot& s, std::string_view what, std::string_view& text, LineFailure& failure) const;

    bool parseTimestamp(const Slot& s, Timestamp& out, LineFailure& failure) const;

    // A non-negative integer, `what` being "a channel number" (with a limit: "a channel between 0 and …"); below
    // `limit` unless that is negative.
    bool parseCount(
        const Slot& s, std::string_view what, std::int64_t limit, std::int64_t& out, LineFailure& failure) const;

    bool parseChannel(const Slot& s, std::int32_t limit, std::int32_t& out, LineFailure& failure) const;

    bool missing(std::string_view line, const FieldRef& f, std::string_view role, LineFailure& failure) const;

    bool buildRecord(std::string_view line, InputRecord& r, LineFailure& failure);

    // A value that is not a plain decimal: std::from_chars's full syntax, and its errors.
    static bool readValue(const Slot& s, std::string_view text, InputRecord& r, LineFailure& failure);

    bool parseArrival(InputRecord& r, LineFailure& failure) const;

    KeyId internSingle(std::string_view text);

    KeyId internKey(std::size_t fields);

    std::string m_fileName;
    const EventFileSpec& m_spec;
    std::optional<EventFileSpec> m_resolved; // CSV with a header: names turned into indices
    KeyTable& m_keys;
    const LoadOptions& m_options;
    RecordRules m_rules;
    const RecordSink* m_sink;
    bool m_lenient;
    bool m_stopped = false;
    bool m_needHeader = false;
    bool m_headerDecided = false;
    std::uint32_t m_lineNumber = 0;
    std::uint64_t m_totalBytes = 0; // the file's size, when known
    std::uint64_t m_lineBytes = 0; // the bytes of the lines processed so far
    Loaded<EventFileContents> m_result;
    std::optional<TimestampParser> m_timestamps;
    std::vector<Slot> m_slots;
    ColumnSplitter m_splitter;
    JsonLineFields m_jsonFields;
    std::vector<std::pair<std::size_t, std::size_t>> m_columnSlots; // column -> slot
    std::size_t m_maxColumn = 0;
    std::vector<std::string> m_keyFields;
    KeyCache m_keyCache;
    std::vector<InputRecord> m_batch;
    std::vector<char> m_lineBuffer; // one line and simdjson's padding (EventLineParser)
    const CsvScanLine* m_scannedLine = nullptr; // the line processLine is given, as scanCsvLines split it
    static constexpr std::size_t kNoColumn = ~std::size_t(0);
    bool m_plainCsv = false; // see decidePlainCsv
    bool m_continuation = false; // see continueAfter
    std::optional<HeaderState> m_adopted;
    std::function<void()> m_onHeaderDecided;
    std::size_t m_plainKey = 0, m_plainTs = 0, m_plainValue = kNoColumn, m_plainArrival = kNoColumn;
};

} // namespace tidemark::io::detail
