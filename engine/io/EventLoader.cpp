#include "engine/io/EventLoader.h"

#include "engine/io/ByteSource.h"
#include "engine/io/JsonTree.h"
#include "engine/io/ShortNumbers.h"
#include "engine/io/Suggest.h"

#include <simdjson.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace tidemark::io::detail {

namespace {

constexpr std::size_t kChunkBytes = std::size_t(4) << 20;
constexpr std::size_t kSinkBatch = 1 << 16;
constexpr std::size_t kRecordsBeforeEstimate = 4096; // records read before the rest of the file's are estimated

std::uint32_t columnOf(std::string_view line, std::size_t offset)
{
    offset = std::min(offset, line.size());
    std::uint32_t column = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80)
            ++column;
    }
    return column;
}

std::string describeRef(const FieldRef& f, std::string_view role)
{
    std::string s = f.isIndex() ? "column " + std::to_string(f.index) : "field " + q(f.name);
    if (f.isIndex() && !f.name.empty())
        s += " " + q(f.name);
    s += " (";
    s += role;
    s += ')';
    return s;
}

} // namespace

EventLoader::EventLoader(std::string fileName, const EventFileSpec& spec, KeyTable& keys, const LoadOptions& options,
    const RecordRules& rules, const RecordSink* sink)
    : m_fileName(std::move(fileName))
    , m_spec(spec)
    , m_keys(keys)
    , m_options(options)
    , m_rules(rules)
    , m_sink(sink)
    , m_lenient(options.lenient.value_or(false))
{
    m_slots.resize(kFixedSlots + spec.key.size());
    m_keyFields.resize(spec.key.size());
}

Loaded<EventFileContents> EventLoader::run(ByteSource& source, std::uint64_t totalBytes)
{
    m_totalBytes = totalBytes;
    if (!prepare())
        return std::move(m_result);
    if (m_adopted)
        adoptHeader(*m_adopted);
    std::size_t capacity = std::min(kChunkBytes, std::max<std::size_t>(m_options.maxLineBytes + 1, 64));
    // A small input needs no large buffer (the guesser and the import preview parse a few lines, often).
    if (totalBytes > 0 && totalBytes + 1 < capacity)
        capacity = std::max<std::size_t>(static_cast<std::size_t>(totalBytes) + 1, 64);
    std::vector<char> buffer(capacity + simdjson::SIMDJSON_PADDING);
    std::size_t begin = 0, end = 0, validUntil = 0, lineByLineUntil = 0;
    bool eof = false;
    // A line over the limit is not kept: its bytes are counted to its end, then it is reported with its length.
    bool skippingLongLine = false;
    std::uint64_t longLineBytes = 0;
    std::size_t sinceProgress = 0;

    while (!m_stopped) {
        if (m_onHeaderDecided && headerDecided())
            std::exchange(m_onHeaderDecided, nullptr)();
        char* base = buffer.data();
        const char* nl = static_cast<const char*>(std::memchr(base + begin, '\n', end - begin));
        if (nl && skippingLongLine) {
            skippingLongLine = false;
            longLineBytes += static_cast<std::size_t>(nl - base) - begin;
            begin = static_cast<std::size_t>(nl - base) + 1;
            if (!lineTooLong(longLineBytes))
                break;
            continue;
        }
        if (!nl && !eof) {
            // Keep the partial line, read more behind it.
            if (skippingLongLine) {
                longLineBytes += end - begin;
                begin = end = validUntil = lineByLineUntil = 0;
            } else if (begin > 0) {
                std::memmove(base, base + begin, end - begin);
                end -= begin;
                validUntil = validUntil > begin ? validUntil - begin : 0;
                lineByLineUntil = lineByLineUntil > begin ? lineByLineUntil - begin : 0;
                begin = 0;
            }
            if (end == capacity) {
                if (capacity > m_options.maxLineBytes) {
                    skippingLongLine = true;
                    longLineBytes = 0;
                    continue;
                }
                capacity = std::min(capacity * 2, m_options.maxLineBytes + 1);
                buffer.resize(capacity + simdjson::SIMDJSON_PADDING);
                base = buffer.data();
            }
            if (m_options.cancelled && m_options.cancelled()) {
                fileError("the load was cancelled");
                break;
            }
            const std::size_t got = source.read(base + end, capacity - end);
            if (got == 0) {
                eof = true;
                if (source.failed()) {
                    fileError("cannot read the file: " + std::string(std::strerror(errno)));
                    break;
                }
            }
            end += got;
            sinceProgress += got;
            m_result.value->bytes += got;
            if (m_options.progress && (sinceProgress >= kChunkBytes || eof)) {
                m_options.progress(m_result.value->bytes, totalBytes);
                sinceProgress = 0;
            }
            continue;
        }
        if (skippingLongLine) {
            lineTooLong(longLineBytes + (end - begin)); // the file ends inside it
            break;
        }
        const std::size_t lineEnd = nl ? static_cast<std::size_t>(nl - base) : end;
        if (!nl && begin == end)
            break;
        // UTF-8 is checked a whole buffer of complete lines at a time; a region that fails is
        // checked line by line to find the culprit (and not again as a whole for each of its lines).
        std::size_t badByte = std::string_view::npos;
        if (lineEnd > validUntil) {
            const char* last = static_cast<const char*>(memrchr(base + begin, '\n', end - begin));
            const std::size_t regionEnd = last ? static_cast<std::size_t>(last - base) : end;
            if (regionEnd > lineByLineUntil && simdjson::validate_utf8(base + begin, regionEnd - begin)) {
                validUntil = regionEnd;
            } else {
                lineByLineUntil = std::max(lineByLineUntil, regionEnd);
                badByte = findInvalidUtf8(std::string_view(base + begin, lineEnd - begin));
                if (badByte == std::string_view::npos)
                    validUntil = lineEnd;
            }
        }
        // Plain CSV lines are found and split a block at a time; the rest go through processLine alone.
        if (nl && lineEnd <= validUntil && scansCsvBlocks()) {
            const char* last
                = static_cast<const char*>(memrchr(base + begin, '\n', std::min(validUntil + 1, end) - begin));
            const std::size_t blockEnd = static_cast<std::size_t>(last - base) + 1;
            begin += scanCsvLines(base + begin, blockEnd - begin, m_spec.delimiter, [&](const CsvScanLine& line) {
                if (takePlainCsvLine(line))
                    return true;
                m_scannedLine = &line;
                processLine(line.text.data(), line.text.size(),
                    capacity + simdjson::SIMDJSON_PADDING - static_cast<std::size_t>(line.text.data() - base),
                    std::string_view::npos);
                m_scannedLine = nullptr;
                return !m_stopped;
            });
            continue;
        }
        processLine(base + begin, lineEnd - begin, capacity + simdjson::SIMDJSON_PADDING - begin, badByte);
        begin = nl ? lineEnd + 1 : end;
        if (!nl)
            break;
    }
    if (m_stopped && !m_result.errors.empty() && !m_lenient) {
        m_result.value.reset();
        return std::move(m_result);
    }
    flush(true);
    return std::move(m_result);
}

void EventLoader::continueAfter(const EventLoader& first)
{
    m_continuation = true;
    if (first.headerDecided())
        m_adopted = HeaderState {first.m_resolved, first.m_columnSlots, first.m_maxColumn};
}

std::optional<LoadError> EventLoader::begin()
{
    if (prepare())
        return std::nullopt;
    return m_result.errors.front();
}

LineOutcome EventLoader::parseOne(std::string_view line)
{
    m_lineBuffer.assign(line.begin(), line.end());
    m_lineBuffer.resize(line.size() + simdjson::SIMDJSON_PADDING);
    const std::size_t badByte = findInvalidUtf8(line);
    m_result.errors.clear();
    m_result.value->records.clear();
    processLine(m_lineBuffer.data(), line.size(), m_lineBuffer.size(), badByte);
    LineOutcome outcome;
    if (!m_result.errors.empty())
        outcome.error = std::move(m_result.errors.front());
    else if (!m_result.value->records.empty())
        outcome.record = m_result.value->records.front();
    return outcome;
}

LoadError EventLoader::skipLine(std::string message)
{
    ++m_lineNumber;
    return LoadError(m_fileName, m_lineNumber, 1, std::move(message));
}

Loaded<EventFileContents> EventLoader::failEarly(std::string message)
{
    m_result.errors.push_back(LoadError(m_fileName, 0, 0, std::move(message)));
    return std::move(m_result);
}

bool EventLoader::prepare()
{
    m_result.value.emplace();
    const auto failWith = [&](std::string message) {
        m_result.value.reset();
        m_result.errors.push_back(LoadError(m_fileName, 0, 0, std::move(message)));
        return false;
    };
    std::string error;
    auto parser = TimestampParser::create(m_spec.timestamp, &error);
    if (!parser)
        return failWith(error);
    m_timestamps.emplace(std::move(*parser));
    if (m_rules.requireValue && !m_spec.value)
        return failWith("the window function reads \"value\", but \"fields\" maps no value");
    if (m_rules.requireChannel && !m_spec.channel)
        return failWith("partitioning \"channel\" needs a channel field, but \"fields\" maps none");
    if (m_rules.partitionLimit >= 0 && !m_spec.partition)
        return failWith("a Kafka source needs each record's partition, but \"fields\" maps no \"partition\"");
    if (m_rules.partitionLimit >= 0 && m_spec.channel)
        return failWith("a Kafka source's records go to the reader of their partition, but \"fields\" maps a channel");
    if (m_rules.partitionLimit < 0 && (m_spec.partition || m_spec.offset))
        return failWith("\"fields\" maps a partition or an offset, which only a Kafka source has");
    const auto checkRef = [&](const FieldRef& f) {
        if (m_spec.format == InputFileSpec::Format::Jsonl && f.isIndex())
            return failWith("JSON lines fields are chosen by name, found column " + std::to_string(f.index));
        if (m_spec.format == InputFileSpec::Format::Text && !f.isIndex())
            return failWith("text columns are chosen by number, found " + q(f.name));
        if (!f.isIndex() && f.name.empty())
            return failWith("a field name is empty");
        return true;
    };
    for (const auto& k : m_spec.key) {
        if (!checkRef(k))
            return false;
    }
    for (const OptionalField& f : kOptionalFields) {
        if (const auto& ref = m_spec.*f.member; ref && !checkRef(*ref))
            return false;
    }
    if (!checkRef(m_spec.ts))
        return false;
    m_needHeader = m_spec.format == InputFileSpec::Format::Csv
        && (m_spec.header == InputFileSpec::Header::Present
            || (m_spec.header == InputFileSpec::Header::Detect && anyNamed()));
    if (m_spec.format == InputFileSpec::Format::Csv && m_spec.header == InputFileSpec::Header::Absent && anyNamed())
        return failWith("columns are chosen by name but \"header\" is false");
    if (m_spec.format == InputFileSpec::Format::Jsonl)
        m_jsonFields.mapFields(m_spec);
    else
        resolveIndices(m_spec);
    decidePlainCsv();
    return true;
}

bool EventLoader::anyNamed() const
{
    bool named = !m_spec.ts.isIndex();
    for (const auto& k : m_spec.key)
        named = named || !k.isIndex();
    for (const OptionalField& f : kOptionalFields) {
        const auto& ref = m_spec.*f.member;
        named = named || (ref && !ref->isIndex());
    }
    return named;
}

void EventLoader::resolveIndices(const EventFileSpec& spec)
{
    m_columnSlots.clear();
    m_maxColumn = 0;
    const auto add = [&](const FieldRef& f, std::size_t slot) {
        if (!f.isIndex())
            return;
        m_columnSlots.push_back({static_cast<std::size_t>(f.index), slot});
        m_maxColumn = std::max(m_maxColumn, static_cast<std::size_t>(f.index));
    };
    add(spec.ts, kTs);
    for (const OptionalField& f : kOptionalFields) {
        if (const auto& ref = spec.*f.member)
            add(*ref, f.slot);
    }
    for (std::size_t i = 0; i < spec.key.size(); ++i)
        add(spec.key[i], kFixedSlots + i);
}

inline void EventLoader::processLine(const char* data, std::size_t size, std::size_t capacity, std::size_t badByte)
{
    ++m_lineNumber;
    ++m_result.value->lines;
    m_lineBytes += size + 1;
    std::string_view line(data, size);
    std::size_t skippedPrefix = 0;
    if (m_lineNumber == 1 && !m_continuation && line.starts_with("\xEF\xBB\xBF")) {
        line.remove_prefix(3);
        skippedPrefix = 3;
        if (badByte != std::string_view::npos)
            badByte = badByte >= 3 ? badByte - 3 : 0;
    }
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (badByte != std::string_view::npos) {
        report(line, std::min(badByte, line.size()), "invalid UTF-8");
        return;
    }
    if (line.empty() || line.front() == ' ' || line.front() == '\t' || line.front() == '#') {
        const auto content = trimSpaces(line);
        if (content.empty() || content.front() == '#')
            return;
    }
    LineFailure failure;
    InputRecord record;
    record.sourceLine = m_lineNumber;
    bool ok = false;
    switch (m_spec.format) {
    case InputFileSpec::Format::Csv:
        if (m_needHeader || (m_spec.header == InputFileSpec::Header::Detect && !m_headerDecided)) {
            if (handleHeader(line))
                return;
            if (m_stopped)
                return;
        }
        ok = (takeScannedColumns(line, skippedPrefix)
                 || m_splitter.splitCsv(line, m_spec.delimiter, m_maxColumn, failure))
            && buildFromColumns(line, record, failure);
        break;
    case InputFileSpec::Format::Text:
        m_splitter.splitText(line, m_maxColumn);
        ok = buildFromColumns(line, record, failure);
        break;
    case InputFileSpec::Format::Jsonl:
        ok = m_jsonFields.extract(data + skippedPrefix, line.size(), capacity - skippedPrefix, m_slots, failure);
        if (!ok && data != m_lineBuffer.data()) {
            // simdjson may read a bad document's padding, which in the file's buffer is the next lines: read
            // a bad line again on its own, so that what is said of it is the line's own (as a live source
            // reading it alone would say).
            m_lineBuffer.assign(line.begin(), line.end());
            m_lineBuffer.resize(line.size() + simdjson::SIMDJSON_PADDING);
            failure = {};
            ok = m_jsonFields.extract(m_lineBuffer.data(), line.size(), m_lineBuffer.size(), m_slots, failure);
        }
        ok = ok && buildRecord(line, record, failure);
        break;
    }
    if (!ok) {
        report(line, failure.offset, std::move(failure.message));
        return;
    }
    append(record);
}

inline void EventLoader::report(std::string_view line, std::size_t offset, std::string message)
{
    const SourcePosition where {m_fileName, m_lineNumber, columnOf(line, offset)};
    if (!m_lenient) {
        m_result.errors.push_back(LoadError {where, std::move(message)});
        m_stopped = true;
        return;
    }
    ++m_result.skippedLines;
    if (m_result.errors.size() < m_options.maxReportedErrors) {
        m_result.errors.push_back(LoadError {where, std::move(message)});
        m_result.errors.back().lineText = line.substr(0, kShownLineBytes);
    }
}

bool EventLoader::lineTooLong(std::uint64_t bytes)
{
    ++m_lineNumber;
    ++m_result.value->lines;
    const std::string message = lineTooLongMessage(m_options.maxLineBytes, bytes);
    report({}, 0, message);
    return m_lenient;
}

void EventLoader::fileError(std::string message)
{
    m_result.errors.push_back(LoadError(m_fileName, 0, 0, std::move(message)));
    m_stopped = true;
    m_lenient = false;
}

inline void EventLoader::append(const InputRecord& r)
{
    if (!m_sink) {
        auto& records = m_result.value->records;
        if (records.size() == kRecordsBeforeEstimate && m_totalBytes > m_lineBytes) {
            // Room for the whole file at the lines' length so far (and a little more), so that the vector
            // is not copied and its pages touched again as it grows; trimmed at the end if it was too much.
            const double perByte = static_cast<double>(records.size()) / static_cast<double>(m_lineBytes);
            records.reserve(static_cast<std::size_t>(perByte * static_cast<double>(m_totalBytes) * 1.05) + 64);
        }
        records.push_back(r);
        return;
    }
    m_batch.push_back(r);
    flush(false);
}

inline void EventLoader::flush(bool all)
{
    if (m_sink && !m_batch.empty() && (all || m_batch.size() >= kSinkBatch)) {
        (*m_sink)(m_batch);
        m_batch.clear();
    }
}

inline bool EventLoader::scansCsvBlocks() const
{
    const char d = m_spec.delimiter;
    return m_spec.format == InputFileSpec::Format::Csv && d != '\n' && d != '"' && d != '\r';
}

void EventLoader::decidePlainCsv()
{
    const EventFileSpec& sp = spec();
    m_plainCsv = m_spec.format == InputFileSpec::Format::Csv && sp.key.size() == 1 && !sp.channel && !sp.partition
        && !sp.offset && sp.timestamp.pattern.empty() && sp.timestamp.unit == TimestampFormat::Unit::Milliseconds
        && sp.key[0].isIndex() && sp.ts.isIndex() && (!sp.value || sp.value->isIndex())
        && (!sp.arrival || sp.arrival->isIndex());
    if (!m_plainCsv)
        return;
    m_plainKey = static_cast<std::size_t>(sp.key[0].index);
    m_plainTs = static_cast<std::size_t>(sp.ts.index);
    m_plainValue = sp.value ? static_cast<std::size_t>(sp.value->index) : kNoColumn;
    m_plainArrival = sp.arrival ? static_cast<std::size_t>(sp.arrival->index) : kNoColumn;
    const std::size_t highest
        = std::max({m_plainKey, m_plainTs, sp.value ? m_plainValue : 0, sp.arrival ? m_plainArrival : 0});
    m_plainCsv = highest < CsvScanLine::kMaxDelimiters;
}

inline bool EventLoader::takePlainCsvLine(const CsvScanLine& scanned)
{
    if (!m_plainCsv || scanned.quoted || m_lineNumber == 0 || m_needHeader
        || (m_spec.header == InputFileSpec::Header::Detect && !m_headerDecided))
        return false;
    std::string_view line = scanned.text;
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (line.empty() || line.front() == ' ' || line.front() == '\t' || line.front() == '#')
        return false;
    const std::size_t count = scanned.delimiterCount;
    const auto column = [&](std::size_t i) { return scanned.field(line, i); };
    if (m_plainKey > count || m_plainTs > count || (m_plainValue != kNoColumn && m_plainValue > count)
        || (m_plainArrival != kNoColumn && m_plainArrival > count) || column(0) == m_spec.watermarkWord)
        return false;
    InputRecord record;
    if (!readShortInteger(column(m_plainTs), record.ts))
        return false;
    if (m_plainValue != kNoColumn) {
        if (!readShortDecimal(column(m_plainValue), record.value))
            return false;
        record.hasValue = true;
    }
    // At most 16 digits: never Long.MIN_VALUE, the one arrival time processLine refuses.
    if (m_plainArrival != kNoColumn && !readShortInteger(column(m_plainArrival), record.arrival))
        return false;
    // Last, so that a line handed back to processLine has interned nothing here.
    record.key = internSingle(column(m_plainKey));
    ++m_lineNumber;
    ++m_result.value->lines;
    m_lineBytes += scanned.text.size() + 1;
    record.sourceLine = m_lineNumber;
    append(record);
    return true;
}

inline bool EventLoader::takeScannedColumns(std::string_view line, std::size_t skippedPrefix)
{
    return m_scannedLine && skippedPrefix == 0 && m_splitter.takeScanned(*m_scannedLine, line, m_maxColumn);
}

bool EventLoader::handleHeader(std::string_view line)
{
    const std::vector<Slot>& columns = m_splitter.columns();
    LineFailure failure;
    // every column of the header, its names
    const bool split
        = m_splitter.splitCsv(line, m_spec.delimiter, std::numeric_limits<std::size_t>::max() - 4, failure);
    if (!split) {
        m_headerDecided = true;
        if (m_needHeader) {
            report(line, failure.offset, std::move(failure.message));
            m_stopped = true;
        }
        return m_needHeader;
    }
    if (!m_needHeader) {
        // Detect: a header names the timestamp column with a word, where data has a number or a date.
        m_headerDecided = true;
        const std::size_t tsColumn = static_cast<std::size_t>(m_spec.ts.index);
        if (columns.empty() || columns[0].text == m_spec.watermarkWord || tsColumn >= columns.size())
            return false;
        const auto ts = trimSpaces(columns[tsColumn].text);
        const bool word = !ts.empty()
            && ((ts.front() >= 'A' && ts.front() <= 'Z') || (ts.front() >= 'a' && ts.front() <= 'z')
                || ts.front() == '_');
        if (!word)
            return false;
        m_result.value->headerSkipped = true;
        return true;
    }
    m_needHeader = false;
    m_headerDecided = true;
    m_result.value->headerSkipped = true;
    std::vector<std::string> names;
    for (const auto& c : columns)
        names.emplace_back(trimSpaces(c.text));
    const auto resolve = [&](const FieldRef& f, std::string_view role, FieldRef& out) {
        out = f;
        if (f.isIndex())
            return true;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == f.name) {
                out.index = static_cast<std::int32_t>(i);
                return true;
            }
        }
        std::vector<std::string_view> candidates(names.begin(), names.end());
        std::string m = "expected a column named " + q(f.name) + " (" + std::string(role) + ") in the header";
        const auto best = closestWord(f.name, candidates);
        if (!best.empty())
            m += "; did you mean " + q(best) + "?";
        report(line, 0, std::move(m));
        m_stopped = true;
        return false;
    };
    EventFileSpec resolved = m_spec;
    bool ok = resolve(m_spec.ts, "ts", resolved.ts);
    for (std::size_t i = 0; ok && i < m_spec.key.size(); ++i)
        ok = resolve(m_spec.key[i], "key", resolved.key[i]);
    for (const OptionalField& f : kOptionalFields) {
        if (ok && m_spec.*f.member)
            ok = resolve(*(m_spec.*f.member), f.role, *(resolved.*f.member));
    }
    if (!ok)
        return true;
    m_resolved = std::move(resolved);
    // Column indices from here on.
    resolveIndices(*m_resolved);
    decidePlainCsv();
    return true;
}

inline bool EventLoader::headerDecided() const
{
    return m_spec.format != InputFileSpec::Format::Csv
        || !(m_needHeader || (m_spec.header == InputFileSpec::Header::Detect && !m_headerDecided));
}

void EventLoader::adoptHeader(const HeaderState& h)
{
    m_needHeader = false;
    m_headerDecided = true;
    m_resolved = h.resolved;
    m_columnSlots = h.columnSlots;
    m_maxColumn = h.maxColumn;
    decidePlainCsv();
}

inline bool EventLoader::buildFromColumns(std::string_view line, InputRecord& record, LineFailure& failure)
{
    const std::vector<Slot>& columns = m_splitter.columns();
    for (auto& s : m_slots)
        s = Slot {};
    if (!columns.empty() && columns[0].text == m_spec.watermarkWord) {
        if (columns.size() < 2) {
            failure = {
                line.size(), "expected a timestamp after " + q(m_spec.watermarkWord) + ", found the end of the line"};
            return false;
        }
        m_slots[kWatermark] = columns[1];
        if (columns.size() > 2)
            m_slots[kWatermarkChannel] = columns[2];
        if (columns.size() > 3) {
            failure = {columns[3].offset,
                "expected " + q(m_spec.watermarkWord) + ", a timestamp and an optional channel, found a fourth field"};
            return false;
        }
        return buildRecord(line, record, failure);
    }
    for (const auto& [column, slot] : m_columnSlots) {
        if (column < columns.size())
            m_slots[slot] = columns[column];
    }
    return buildRecord(line, record, failure);
}

inline bool EventLoader::numericText(
    const Slot& s, std::string_view what, std::string_view& text, LineFailure& failure) const
{
    if (s.type == Slot::Type::JsonOther) {
        failure = {s.offset, "expected " + std::string(what) + ", found " + std::string(s.text)};
        return false;
    }
    text = s.type == Slot::Type::Text ? trimSpaces(s.text) : s.text;
    return true;
}

inline bool EventLoader::parseTimestamp(const Slot& s, Timestamp& out, LineFailure& failure) const
{
    std::string_view text;
    if (!numericText(s, "a timestamp", text, failure))
        return false;
    TimestampParser::Failure f;
    if (!m_timestamps->parse(text, out, f)) {
        failure = {s.offset, std::move(f.message)};
        return false;
    }
    return true;
}

inline bool EventLoader::parseCount(
    const Slot& s, std::string_view what, std::int64_t limit, std::int64_t& out, LineFailure& failure) const
{
    std::string_view text;
    if (!numericText(s, what, text, failure))
        return false;
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < 0) {
        failure = {s.offset, "expected " + std::string(what) + ", found " + q(text)};
        return false;
    }
    if (limit >= 0 && v >= limit) {
        const std::string_view noun = what.substr(0, what.rfind(' ')); // "a channel"
        failure = {s.offset,
            "expected " + std::string(noun) + " between 0 and " + std::to_string(limit - 1) + ", found "
                + std::to_string(v)};
        return false;
    }
    out = v;
    return true;
}

inline bool EventLoader::parseChannel(const Slot& s, std::int32_t limit, std::int32_t& out, LineFailure& failure) const
{
    std::int64_t v = 0;
    if (!parseCount(s, "a channel number", limit, v, failure))
        return false;
    if (v > std::numeric_limits<std::int32_t>::max()) {
        failure = {s.offset, "expected a channel number, found " + q(std::to_string(v))};
        return false;
    }
    out = static_cast<std::int32_t>(v);
    return true;
}

inline bool EventLoader::missing(
    std::string_view line, const FieldRef& f, std::string_view role, LineFailure& failure) const
{
    if (m_spec.format == InputFileSpec::Format::Jsonl) {
        failure = {0, "missing field " + q(f.name) + " (" + std::string(role) + ")"};
    } else {
        failure = {line.size(), "expected " + describeRef(f, role) + ", found the end of the line"};
    }
    return false;
}

inline bool EventLoader::buildRecord(std::string_view line, InputRecord& r, LineFailure& failure)
{
    const EventFileSpec& sp = spec();
    if (m_slots[kWatermark].type != Slot::Type::Missing) {
        if (m_rules.partitionLimit >= 0) {
            failure = {m_slots[kWatermark].offset,
                "expected a record: a Kafka source carries no watermarks, its readers make them"};
            return false;
        }
        r.kind = InputRecord::Kind::Watermark;
        if (!parseTimestamp(m_slots[kWatermark], r.ts, failure))
            return false;
        if (m_slots[kWatermarkChannel].type != Slot::Type::Missing
            && !parseChannel(m_slots[kWatermarkChannel], m_rules.watermarkChannelLimit, r.channel, failure))
            return false;
        return parseArrival(r, failure);
    }
    if (m_slots[kTs].type == Slot::Type::Missing)
        return missing(line, sp.ts, "ts", failure);
    if (!parseTimestamp(m_slots[kTs], r.ts, failure))
        return false;
    if (sp.value) {
        const Slot& s = m_slots[kValue];
        if (s.type == Slot::Type::Missing)
            return missing(line, *sp.value, "value", failure);
        std::string_view text;
        if (!numericText(s, "a number", text, failure))
            return false;
        double v = 0;
        if (readShortDecimal(text, v)) {
            r.value = v;
            r.hasValue = true;
        } else if (!readValue(s, text, r, failure)) {
            return false;
        }
    }
    if (!sp.key.empty()) {
        for (std::size_t i = 0; i < sp.key.size(); ++i) {
            const Slot& s = m_slots[kFixedSlots + i];
            if (s.type == Slot::Type::Missing)
                return missing(line, sp.key[i], "key", failure);
            if (s.type == Slot::Type::JsonOther) {
                failure = {s.offset, "expected a string or a number for the key, found " + std::string(s.text)};
                return false;
            }
        }
        r.key = internKey(sp.key.size());
    }
    if (sp.arrival) {
        if (m_slots[kArrival].type == Slot::Type::Missing)
            return missing(line, *sp.arrival, "arrival", failure);
    }
    if (!parseArrival(r, failure))
        return false;
    if (sp.channel) {
        if (m_slots[kChannel].type == Slot::Type::Missing)
            return missing(line, *sp.channel, "channel", failure);
        if (!parseChannel(m_slots[kChannel], m_rules.channelLimit, r.channel, failure))
            return false;
    }
    if (sp.partition) {
        if (m_slots[kPartition].type == Slot::Type::Missing)
            return missing(line, *sp.partition, "partition", failure);
        std::int64_t v = 0;
        if (!parseCount(m_slots[kPartition], "a partition number", m_rules.partitionLimit, v, failure))
            return false;
        r.partition = static_cast<std::int32_t>(v);
    }
    if (sp.offset) {
        if (m_slots[kOffset].type == Slot::Type::Missing)
            return missing(line, *sp.offset, "offset", failure);
        if (!parseCount(m_slots[kOffset], "an offset", -1, r.offset, failure))
            return false;
    }
    return true;
}

inline bool EventLoader::readValue(const Slot& s, std::string_view text, InputRecord& r, LineFailure& failure)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc::result_out_of_range) {
        failure = {s.offset, "expected a number within the range of a double, found " + q(text)};
        return false;
    }
    if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) {
        failure = {s.offset, "expected a number, found " + q(text)};
        return false;
    }
    if (!std::isfinite(v)) {
        failure = {s.offset, "expected a finite number, found " + q(text)};
        return false;
    }
    r.value = v;
    r.hasValue = true;
    return true;
}

inline bool EventLoader::parseArrival(InputRecord& r, LineFailure& failure) const
{
    const Slot& s = m_slots[kArrival];
    if (s.type == Slot::Type::Missing)
        return true;
    if (!parseTimestamp(s, r.arrival, failure))
        return false;
    if (r.arrival == InputRecord::kNoArrival) {
        failure = {s.offset, "expected an arrival time above -9223372036854775808, found " + q(s.text)};
        return false;
    }
    return true;
}

inline KeyId EventLoader::internSingle(std::string_view text)
{
    const KeyCache::Probe probe = KeyCache::probe(text);
    if (const KeyId known = m_keyCache.find(text, probe); known != kNoKey)
        return known;
    const KeyId id = m_keys.intern(text);
    m_keyCache.add(text, probe, id);
    return id;
}

inline KeyId EventLoader::internKey(std::size_t fields)
{
    if (fields == 1)
        return internSingle(m_slots[kFixedSlots].text);
    for (std::size_t i = 0; i < fields; ++i)
        m_keyFields[i].assign(m_slots[kFixedSlots + i].text);
    return m_keys.intern(std::span<const std::string>(m_keyFields));
}

} // namespace tidemark::io::detail
