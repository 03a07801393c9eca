#include "engine/io/EventFile.h"

#include "engine/io/CsvScan.h"
#include "engine/io/JsonTree.h"
#include "engine/io/ShortNumbers.h"
#include "engine/io/Suggest.h"
#include "engine/io/Timestamps.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <future>
#include <limits>
#include <memory>
#include <system_error>
#include <thread>
#include <unordered_map>

namespace tidemark::io {

namespace {

namespace ondemand = simdjson::ondemand;

constexpr std::size_t kChunkBytes = std::size_t(4) << 20;
constexpr std::size_t kSinkBatch = 1 << 16;
constexpr std::size_t kRecordsBeforeEstimate = 4096; // records read before the rest of the file's are estimated

// ---- byte sources ----

class ByteSource {
public:
    virtual ~ByteSource() = default;
    virtual std::size_t read(char* into, std::size_t max) = 0;
    virtual bool failed() const = 0;
};

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// A file from where it stands, up to `length` bytes of it (all of it by default).
class FileSource final : public ByteSource {
public:
    explicit FileSource(std::FILE* f, std::uint64_t length = std::numeric_limits<std::uint64_t>::max())
        : m_file(f)
        , m_left(length)
    { }
    std::size_t read(char* into, std::size_t max) override
    {
        const std::size_t got
            = std::fread(into, 1, static_cast<std::size_t>(std::min<std::uint64_t>(max, m_left)), m_file.get());
        m_left -= got;
        return got;
    }
    bool failed() const override { return std::ferror(m_file.get()) != 0; }

private:
    std::unique_ptr<std::FILE, FileCloser> m_file;
    std::uint64_t m_left;
};

class MemorySource final : public ByteSource {
public:
    explicit MemorySource(std::string_view text)
        : m_text(text)
    { }
    std::size_t read(char* into, std::size_t max) override
    {
        const std::size_t n = std::min(max, m_text.size());
        std::memcpy(into, m_text.data(), n);
        m_text.remove_prefix(n);
        return n;
    }
    bool failed() const override { return false; }

private:
    std::string_view m_text;
};

// ---- small helpers ----

std::string q(std::string_view s)
{
    return detail::quotedExcerpt(s);
}

std::string_view trimSpaces(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

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

// The loader's memo of single-field keys it has interned: open addressing over a power-of-two table with the
// text kept in one arena, so that a repeated key costs a short hash and one compare (std::unordered_map's
// prime modulo and node walk were the largest cost of a CSV line). A key's first 16 bytes are kept in its slot:
// a key no longer than that (most are) is compared there, without a second cache line in the arena.
class KeyCache {
public:
    // What a lookup of one text needs, computed once for the find and the add that may follow it.
    struct Probe {
        std::uint64_t hash = 0;
        std::uint64_t head0 = 0; // the text's first 16 bytes, zero-padded
        std::uint64_t head1 = 0;
    };

    static Probe probe(std::string_view text)
    {
        static_assert(std::endian::native == std::endian::little, "a short key's second head drops its low bytes");
        const std::size_t n = text.size();
        const char* p = text.data();
        Probe q;
        if (n >= 16) {
            q.head0 = word(p);
            q.head1 = word(p + 8);
        } else if (n >= 8) {
            q.head0 = word(p);
            // the last 8 bytes, shifted down past those of the first word they overlap
            q.head1 = n == 8 ? 0 : word(p + n - 8) >> (8 * (16 - n));
        } else {
            for (std::size_t i = 0; i < n; ++i)
                q.head0 |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        }
        q.hash = hash(text);
        return q;
    }

    // kNoKey when the text has not been seen.
    KeyId find(std::string_view text, const Probe& q) const
    {
        if (m_slots.empty())
            return kNoKey;
        for (std::size_t i = q.hash & m_mask;; i = (i + 1) & m_mask) {
            const Entry& e = m_slots[i];
            if (e.id == kNoKey)
                return kNoKey;
            if (e.head0 == q.head0 && e.head1 == q.head1 && e.length == text.size()
                && (text.size() <= 16 || same(m_text.data() + e.offset, text)))
                return e.id;
        }
    }

    void add(std::string_view text, const Probe& q, KeyId id)
    {
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        Entry e {q.head0, q.head1, m_text.size(), static_cast<std::uint32_t>(text.size()), id};
        m_text.append(text);
        place(e, q.hash);
        ++m_count;
    }

private:
    static std::uint64_t hash(std::string_view text)
    {
        constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
        std::uint64_t h = text.size() * kMul;
        const std::size_t n = text.size();
        if (n >= 8) {
            // Whole words, the last one overlapping the one before it (a load, not a copy of the tail).
            for (std::size_t i = 0; i + 8 < n; i += 8)
                h = mix(h, word(text.data() + i));
            h = mix(h, word(text.data() + n - 8));
        } else {
            std::uint64_t tail = 0;
            for (std::size_t i = 0; i < n; ++i)
                tail |= std::uint64_t(static_cast<unsigned char>(text[i])) << (8 * i);
            h = mix(h, tail);
        }
        // A full avalanche at the end: the table's index is the low bits, which a multiply alone leaves blind
        // to the high bytes, where keys such as "sensor-0042" and "sensor-0043" differ.
        h ^= h >> 33;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 33;
        h *= 0xC4CEB9FE1A85EC53ull;
        return h ^ (h >> 33);
    }

    static std::uint64_t word(const char* p)
    {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        return w;
    }

    static std::uint64_t mix(std::uint64_t h, std::uint64_t w)
    {
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        return h ^ (h >> 29);
    }

    static bool same(const char* known, std::string_view text)
    {
        const std::size_t n = text.size();
        if (n < 8)
            return std::memcmp(known, text.data(), n) == 0;
        for (std::size_t i = 0; i + 8 < n; i += 8) {
            if (word(known + i) != word(text.data() + i))
                return false;
        }
        return word(known + n - 8) == word(text.data() + n - 8);
    }

    struct Entry {
        std::uint64_t head0 = 0;
        std::uint64_t head1 = 0;
        std::size_t offset = 0; // of the text in m_text
        std::uint32_t length = 0;
        KeyId id = kNoKey;
    };

    void place(const Entry& e, std::uint64_t hash)
    {
        std::size_t i = hash & m_mask;
        while (m_slots[i].id != kNoKey)
            i = (i + 1) & m_mask;
        m_slots[i] = e;
    }

    void grow()
    {
        std::vector<Entry> old(std::max<std::size_t>(64, m_slots.size() * 2));
        old.swap(m_slots);
        m_mask = m_slots.size() - 1;
        for (const Entry& e : old) {
            if (e.id != kNoKey)
                place(e, hash(std::string_view(m_text).substr(e.offset, e.length)));
        }
    }

    std::vector<Entry> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_count = 0;
    std::string m_text;
};

// One extracted field of a line: its text (a CSV/text field, a JSON string's value, or a JSON number's
// token) and where it starts in the line.
struct Slot {
    enum class Type : std::uint8_t { Missing, Text, JsonString, JsonNumber, JsonOther };
    Type type = Type::Missing;
    std::uint32_t offset = 0;
    // Text: the field; JsonString: the unescaped value; JsonNumber: the token; JsonOther: how to show the
    // value after "found" ("true", "null", "an object", …).
    std::string_view text;
};

struct LineFailure {
    std::size_t offset = 0;
    std::string message;
};

// Slot indices: keys first, then these.
enum SlotIndex : std::size_t {
    kTs = 0,
    kValue,
    kArrival,
    kChannel,
    kPartition,
    kOffset,
    kWatermark,
    kWatermarkChannel,
    kWatermarkArrival,
    kFixedSlots
};

// The mapping's optional single fields: the member, its slot, and its name in messages.
struct OptionalField {
    std::optional<FieldRef> InputFileSpec::*member;
    SlotIndex slot;
    const char* role;
};
constexpr OptionalField kOptionalFields[] = {
    {&InputFileSpec::value, kValue, "value"},
    {&InputFileSpec::arrival, kArrival, "arrival"},
    {&InputFileSpec::channel, kChannel, "channel"},
    {&InputFileSpec::partition, kPartition, "partition"},
    {&InputFileSpec::offset, kOffset, "offset"},
};

class Loader {
public:
    Loader(std::string fileName, const EventFileSpec& spec, KeyTable& keys, const LoadOptions& options,
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

    Loaded<EventFileContents> run(ByteSource& source, std::uint64_t totalBytes)
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
        bool skippingLongLine = false;
        std::size_t sinceProgress = 0;

        while (!m_stopped) {
            if (m_onHeaderDecided && headerDecided())
                std::exchange(m_onHeaderDecided, nullptr)();
            char* base = buffer.data();
            const char* nl = static_cast<const char*>(std::memchr(base + begin, '\n', end - begin));
            if (nl && skippingLongLine) {
                skippingLongLine = false;
                begin = static_cast<std::size_t>(nl - base) + 1;
                continue;
            }
            if (!nl && !eof) {
                // Keep the partial line, read more behind it.
                if (skippingLongLine) {
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
                        if (!lineTooLong())
                            break;
                        skippingLongLine = true;
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
                break; // end of file inside the skipped line
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
                    badByte = detail::findInvalidUtf8(std::string_view(base + begin, lineEnd - begin));
                    if (badByte == std::string_view::npos)
                        validUntil = lineEnd;
                }
            }
            // Plain CSV lines are found and split a block at a time; the rest go through processLine alone.
            if (nl && lineEnd <= validUntil && scansCsvBlocks()) {
                const char* last
                    = static_cast<const char*>(memrchr(base + begin, '\n', std::min(validUntil + 1, end) - begin));
                const std::size_t blockEnd = static_cast<std::size_t>(last - base) + 1;
                begin += detail::scanCsvLines(
                    base + begin, blockEnd - begin, m_spec.delimiter, [&](const detail::CsvScanLine& line) {
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

    // ---- a file read in two parts at once (loadInTwoParts) ----

    // Called once the lines that follow can be read without the first part: the header is read (or there is
    // none to read). Not called when the part stops before that.
    void whenHeaderDecided(std::function<void()> then) { m_onHeaderDecided = std::move(then); }

    // This loader reads the part of the file after `first`'s: none of its lines is the file's first (no
    // byte-order mark to drop), its lines are numbered from the part's start, and the header is as `first`
    // decided it, when it did (else this part's first line may be the header).
    void continueAfter(const Loader& first)
    {
        m_continuation = true;
        if (first.headerDecided())
            m_adopted = HeaderState {first.m_resolved, first.m_columnSlots, first.m_maxColumn};
    }

    // A line at a time (EventLineParser): lenient, so that a bad line is reported and the next one read.
    std::optional<LoadError> begin()
    {
        if (prepare())
            return std::nullopt;
        return m_result.errors.front();
    }

    EventLineParser::Outcome parseOne(std::string_view line)
    {
        m_lineBuffer.assign(line.begin(), line.end());
        m_lineBuffer.resize(line.size() + simdjson::SIMDJSON_PADDING);
        const std::size_t badByte = detail::findInvalidUtf8(line);
        m_result.errors.clear();
        m_result.value->records.clear();
        processLine(m_lineBuffer.data(), line.size(), m_lineBuffer.size(), badByte);
        EventLineParser::Outcome outcome;
        if (!m_result.errors.empty())
            outcome.error = std::move(m_result.errors.front());
        else if (!m_result.value->records.empty())
            outcome.record = m_result.value->records.front();
        return outcome;
    }

    LoadError skipLine(std::string message)
    {
        ++m_lineNumber;
        return LoadError(m_fileName, m_lineNumber, 1, std::move(message));
    }

    std::uint32_t lineNumber() const { return m_lineNumber; }
    const std::string& fileName() const { return m_fileName; }

    Loaded<EventFileContents> failEarly(std::string message)
    {
        m_result.errors.push_back(LoadError(m_fileName, 0, 0, std::move(message)));
        return std::move(m_result);
    }

private:
    // Checks the spec against the rules before reading anything.
    bool prepare()
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
            return failWith(
                "a Kafka source's records go to the reader of their partition, but \"fields\" maps a channel");
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
            buildPathTree();
        else
            resolveIndices();
        decidePlainCsv();
        return true;
    }

    bool anyNamed() const
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

    // CSV/text: which column feeds which slot.
    void resolveIndices()
    {
        m_columnSlots.clear();
        m_maxColumn = 0;
        const auto add = [&](const FieldRef& f, std::size_t slot) {
            if (!f.isIndex())
                return;
            m_columnSlots.push_back({static_cast<std::size_t>(f.index), slot});
            m_maxColumn = std::max(m_maxColumn, static_cast<std::size_t>(f.index));
        };
        add(m_spec.ts, kTs);
        for (const OptionalField& f : kOptionalFields) {
            if (const auto& ref = m_spec.*f.member)
                add(*ref, f.slot);
        }
        for (std::size_t i = 0; i < m_spec.key.size(); ++i)
            add(m_spec.key[i], kFixedSlots + i);
    }

    // ---- the line loop ----

    void processLine(const char* data, std::size_t size, std::size_t capacity, std::size_t badByte)
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
            ok = (takeScannedColumns(line, skippedPrefix) || splitCsv(line, failure))
                && buildFromColumns(line, record, failure);
            break;
        case InputFileSpec::Format::Text:
            ok = splitText(line) && buildFromColumns(line, record, failure);
            break;
        case InputFileSpec::Format::Jsonl:
            ok = extractJson(data + skippedPrefix, line.size(), capacity - skippedPrefix, failure);
            if (!ok && data != m_lineBuffer.data()) {
                // simdjson may read a bad document's padding, which in the file's buffer is the next lines: read
                // a bad line again on its own, so that what is said of it is the line's own (as a live source
                // reading it alone would say).
                m_lineBuffer.assign(line.begin(), line.end());
                m_lineBuffer.resize(line.size() + simdjson::SIMDJSON_PADDING);
                failure = {};
                ok = extractJson(m_lineBuffer.data(), line.size(), m_lineBuffer.size(), failure);
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

    void report(std::string_view line, std::size_t offset, std::string message)
    {
        const SourcePosition where {m_fileName, m_lineNumber, columnOf(line, offset)};
        if (!m_lenient) {
            m_result.errors.push_back(LoadError {where, std::move(message)});
            m_stopped = true;
            return;
        }
        ++m_result.skippedLines;
        if (m_result.errors.size() < m_options.maxReportedErrors)
            m_result.errors.push_back(LoadError {where, std::move(message)});
    }

    bool lineTooLong()
    {
        ++m_lineNumber;
        ++m_result.value->lines;
        const std::string message
            = "expected a line of at most " + std::to_string(m_options.maxLineBytes) + " bytes, found a longer one";
        report({}, 0, message);
        return m_lenient;
    }

    void fileError(std::string message)
    {
        m_result.errors.push_back(LoadError(m_fileName, 0, 0, std::move(message)));
        m_stopped = true;
        m_lenient = false;
    }

    void append(const InputRecord& r)
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

    void flush(bool all)
    {
        if (m_sink && !m_batch.empty() && (all || m_batch.size() >= kSinkBatch)) {
            (*m_sink)(m_batch);
            m_batch.clear();
        }
    }

    // ---- CSV and text ----

    // Splits a CSV line into m_columns (only as far as needed). Quoted fields may hold the delimiter
    // and doubled quotes; a field that does not close its quote on the line is an error.
    bool splitCsv(std::string_view line, LineFailure& failure)
    {
        m_columns.clear();
        const char delimiter = m_spec.delimiter;
        std::size_t pos = 0;
        std::size_t index = 0;
        for (;;) {
            Slot s;
            s.type = Slot::Type::Text;
            s.offset = static_cast<std::uint32_t>(pos);
            std::size_t next;
            if (pos < line.size() && line[pos] == '"') {
                std::size_t i = pos + 1;
                bool escaped = false;
                for (;;) {
                    const auto* quote = static_cast<const char*>(std::memchr(line.data() + i, '"', line.size() - i));
                    if (!quote) {
                        failure = {
                            pos, "expected a closing quote for the field that starts here, found the end of the line"};
                        return false;
                    }
                    i = static_cast<std::size_t>(quote - line.data());
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        escaped = true;
                        i += 2;
                        continue;
                    }
                    break;
                }
                std::string_view inner = line.substr(pos + 1, i - pos - 1);
                if (escaped) {
                    if (m_unescaped.size() <= index)
                        m_unescaped.resize(index + 1);
                    auto& out = m_unescaped[index];
                    out.clear();
                    for (std::size_t k = 0; k < inner.size(); ++k) {
                        out += inner[k];
                        if (inner[k] == '"')
                            ++k;
                    }
                    inner = out;
                }
                s.text = inner;
                next = i + 1;
                if (next < line.size() && line[next] != delimiter) {
                    failure = {next,
                        "expected " + q(std::string_view(&delimiter, 1)) + " after the closing quote, found "
                            + q(line.substr(next, 1))};
                    return false;
                }
            } else {
                const auto* d = static_cast<const char*>(std::memchr(line.data() + pos, delimiter, line.size() - pos));
                next = d ? static_cast<std::size_t>(d - line.data()) : line.size();
                s.text = line.substr(pos, next - pos);
            }
            m_columns.push_back(s);
            if (next >= line.size() || index >= m_maxColumn + 2)
                break;
            pos = next + 1;
            ++index;
        }
        return true;
    }

    bool scansCsvBlocks() const
    {
        const char d = m_spec.delimiter;
        return m_spec.format == InputFileSpec::Format::Csv && d != '\n' && d != '"' && d != '\r';
    }

    // Whether lines may be read by takePlainCsvLine: a key column, an integer millisecond timestamp, maybe a
    // value and an arrival time, and nothing else, by column numbers below the scan's delimiter limit. Asked once
    // the header is read.
    void decidePlainCsv()
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
        m_plainCsv = highest < detail::CsvScanLine::kMaxDelimiters;
    }

    // A scanned line in the plain form decidePlainCsv allows, each field read by the short readers, straight
    // into a record, as processLine would have read it. False (nothing taken, nothing counted) for anything
    // else: processLine then reads the line, with the same result or its error.
    bool takePlainCsvLine(const detail::CsvScanLine& scanned)
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
        if (!detail::readShortInteger(column(m_plainTs), record.ts))
            return false;
        if (m_plainValue != kNoColumn) {
            if (!detail::readShortDecimal(column(m_plainValue), record.value))
                return false;
            record.hasValue = true;
        }
        // At most 16 digits: never Long.MIN_VALUE, the one arrival time processLine refuses.
        if (m_plainArrival != kNoColumn && !detail::readShortInteger(column(m_plainArrival), record.arrival))
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

    // The columns of a line scanCsvLines found, as splitCsv would split it: true when it could take them.
    bool takeScannedColumns(std::string_view line, std::size_t skippedPrefix)
    {
        const detail::CsvScanLine* scanned = m_scannedLine;
        // splitCsv keeps at most m_maxColumn + 3 columns, the last one cut at its delimiter.
        const std::size_t kept = m_maxColumn + 3;
        if (!scanned || scanned->quoted || skippedPrefix != 0 || kept > detail::CsvScanLine::kMaxDelimiters)
            return false;
        m_columns.clear();
        const std::size_t columns = std::min(scanned->delimiterCount + 1, kept);
        for (std::size_t i = 0; i < columns; ++i) {
            Slot s;
            s.type = Slot::Type::Text;
            s.text = scanned->field(line, i);
            s.offset = static_cast<std::uint32_t>(s.text.data() - line.data());
            m_columns.push_back(s);
        }
        return true;
    }

    bool splitText(std::string_view line)
    {
        m_columns.clear();
        std::size_t pos = 0;
        while (m_columns.size() <= m_maxColumn + 2) {
            while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
                ++pos;
            if (pos >= line.size())
                break;
            const std::size_t start = pos;
            while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t')
                ++pos;
            Slot s;
            s.type = Slot::Type::Text;
            s.text = line.substr(start, pos - start);
            s.offset = static_cast<std::uint32_t>(start);
            m_columns.push_back(s);
        }
        return true;
    }

    // Returns true when the line was the header (and so is consumed).
    bool handleHeader(std::string_view line)
    {
        LineFailure failure;
        const std::size_t savedMax = m_maxColumn;
        m_maxColumn = std::numeric_limits<std::size_t>::max() - 4;
        const bool split = splitCsv(line, failure);
        m_maxColumn = savedMax;
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
            if (m_columns.empty() || m_columns[0].text == m_spec.watermarkWord || tsColumn >= m_columns.size())
                return false;
            const auto ts = trimSpaces(m_columns[tsColumn].text);
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
        for (const auto& c : m_columns)
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
            const auto best = detail::closestWord(f.name, candidates);
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
        const EventFileSpec& r = *m_resolved;
        m_columnSlots.clear();
        m_maxColumn = 0;
        const auto add = [&](const FieldRef& f, std::size_t slot) {
            m_columnSlots.push_back({static_cast<std::size_t>(f.index), slot});
            m_maxColumn = std::max(m_maxColumn, static_cast<std::size_t>(f.index));
        };
        add(r.ts, kTs);
        for (const OptionalField& f : kOptionalFields) {
            if (const auto& ref = r.*f.member)
                add(*ref, f.slot);
        }
        for (std::size_t i = 0; i < r.key.size(); ++i)
            add(r.key[i], kFixedSlots + i);
        decidePlainCsv();
        return true;
    }

    const EventFileSpec& spec() const { return m_resolved ? *m_resolved : m_spec; }

    bool headerDecided() const
    {
        return m_spec.format != InputFileSpec::Format::Csv
            || !(m_needHeader || (m_spec.header == InputFileSpec::Header::Detect && !m_headerDecided));
    }

    // What reading the header decided: the columns by number.
    struct HeaderState {
        std::optional<EventFileSpec> resolved;
        std::vector<std::pair<std::size_t, std::size_t>> columnSlots;
        std::size_t maxColumn = 0;
    };
    void adoptHeader(const HeaderState& h)
    {
        m_needHeader = false;
        m_headerDecided = true;
        m_resolved = h.resolved;
        m_columnSlots = h.columnSlots;
        m_maxColumn = h.maxColumn;
        decidePlainCsv();
    }

    bool buildFromColumns(std::string_view line, InputRecord& record, LineFailure& failure)
    {
        for (auto& s : m_slots)
            s = Slot {};
        if (!m_columns.empty() && m_columns[0].text == m_spec.watermarkWord) {
            if (m_columns.size() < 2) {
                failure = {line.size(),
                    "expected a timestamp after " + q(m_spec.watermarkWord) + ", found the end of the line"};
                return false;
            }
            m_slots[kWatermark] = m_columns[1];
            if (m_columns.size() > 2)
                m_slots[kWatermarkChannel] = m_columns[2];
            if (m_columns.size() > 3) {
                failure = {m_columns[3].offset,
                    "expected " + q(m_spec.watermarkWord)
                        + ", a timestamp and an optional channel, found a fourth field"};
                return false;
            }
            return buildRecord(line, record, failure);
        }
        for (const auto& [column, slot] : m_columnSlots) {
            if (column < m_columns.size())
                m_slots[slot] = m_columns[column];
        }
        return buildRecord(line, record, failure);
    }

    // ---- JSON lines ----

    struct PathNode {
        std::vector<std::pair<std::string, std::size_t>> children; // segment -> node index
        std::vector<std::size_t> slots;
    };

    void buildPathTree()
    {
        m_paths.assign(1, PathNode {});
        const auto add = [&](std::string_view path, std::size_t slot) {
            std::size_t node = 0;
            while (true) {
                const auto dot = path.find('.');
                const auto segment = path.substr(0, dot);
                std::size_t child = 0;
                for (const auto& [name, index] : m_paths[node].children) {
                    if (name == segment)
                        child = index;
                }
                if (child == 0) {
                    child = m_paths.size();
                    m_paths[node].children.emplace_back(std::string(segment), child);
                    m_paths.emplace_back();
                }
                node = child;
                if (dot == std::string_view::npos)
                    break;
                path.remove_prefix(dot + 1);
            }
            m_paths[node].slots.push_back(slot);
        };
        add(m_spec.ts.name, kTs);
        for (const OptionalField& f : kOptionalFields) {
            if (const auto& ref = m_spec.*f.member)
                add(ref->name, f.slot);
        }
        for (std::size_t i = 0; i < m_spec.key.size(); ++i)
            add(m_spec.key[i].name, kFixedSlots + i);
        add("watermark", kWatermark);
        add("channel", kWatermarkChannel);
        add("arrival", kWatermarkArrival);
    }

    static std::string_view trimToken(std::string_view t)
    {
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
            t.remove_suffix(1);
        return t;
    }

    simdjson::error_code walk(ondemand::object object, std::size_t node, LineFailure& failure, bool& failed)
    {
        for (auto fieldResult : object) {
            ondemand::field field;
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
            ondemand::value value = field.value();
            const std::string_view token = value.raw_json_token();
            const std::size_t offset = static_cast<std::size_t>(token.data() - m_lineStart);
            ondemand::json_type type;
            if (auto e = value.type().get(type))
                return e;
            const PathNode& p = m_paths[child];
            if (!p.slots.empty()) {
                Slot s;
                s.offset = static_cast<std::uint32_t>(offset);
                switch (type) {
                case ondemand::json_type::string: {
                    std::string_view text;
                    if (auto e = value.get_string().get(text))
                        return e;
                    s.type = Slot::Type::JsonString;
                    s.text = text;
                    break;
                }
                case ondemand::json_type::number:
                    s.type = Slot::Type::JsonNumber;
                    s.text = trimToken(token);
                    break;
                case ondemand::json_type::object:
                    s.type = Slot::Type::JsonOther;
                    s.text = "an object";
                    break;
                case ondemand::json_type::array:
                    s.type = Slot::Type::JsonOther;
                    s.text = "an array";
                    break;
                default:
                    s.type = Slot::Type::JsonOther;
                    s.text = trimToken(token);
                    break;
                }
                for (const std::size_t slot : p.slots) {
                    if (m_slots[slot].type != Slot::Type::Missing) {
                        failure = {offset, "duplicate field " + q(key)};
                        failed = true;
                        return simdjson::SUCCESS;
                    }
                    m_slots[slot] = s;
                }
            }
            if (!p.children.empty() && type == ondemand::json_type::object) {
                ondemand::object inner;
                if (auto e = value.get_object().get(inner))
                    return e;
                if (auto e = walk(inner, child, failure, failed))
                    return e;
                if (failed)
                    return simdjson::SUCCESS;
            }
        }
        return simdjson::SUCCESS;
    }

    bool extractJson(const char* data, std::size_t size, std::size_t capacity, LineFailure& failure)
    {
        for (auto& s : m_slots)
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
        ondemand::object object;
        if (auto e = m_doc.get_object().get(object))
            return jsonError(e, first);
        bool failed = false;
        if (auto e = walk(object, 0, failure, failed))
            return jsonError(e, size);
        if (failed)
            return false;
        const char* trailing = nullptr;
        if (m_doc.current_location().get(trailing) == simdjson::SUCCESS) // in bounds: text after the object
            return jsonError(simdjson::TRAILING_CONTENT, size);
        // A watermark line names "watermark" and has no timestamp field.
        if (m_slots[kWatermark].type == Slot::Type::Missing || m_slots[kTs].type != Slot::Type::Missing) {
            m_slots[kWatermark] = Slot {};
            m_slots[kWatermarkChannel] = Slot {};
            m_slots[kWatermarkArrival] = Slot {};
        } else {
            m_slots[kArrival] = m_slots[kWatermarkArrival];
        }
        return true;
    }

    // ---- slots to a record ----

    // A number or numeric text: JSON numbers and strings, CSV/text fields (spaces around it allowed).
    bool numericText(const Slot& s, std::string_view what, std::string_view& text, LineFailure& failure) const
    {
        if (s.type == Slot::Type::JsonOther) {
            failure = {s.offset, "expected " + std::string(what) + ", found " + std::string(s.text)};
            return false;
        }
        text = s.type == Slot::Type::Text ? trimSpaces(s.text) : s.text;
        return true;
    }

    bool parseTimestamp(const Slot& s, Timestamp& out, LineFailure& failure) const
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

    // A non-negative integer, `what` being "a channel number" (with a limit: "a channel between 0 and …"); below
    // `limit` unless that is negative.
    bool parseCount(
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

    bool parseChannel(const Slot& s, std::int32_t limit, std::int32_t& out, LineFailure& failure) const
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

    bool missing(std::string_view line, const FieldRef& f, std::string_view role, LineFailure& failure) const
    {
        if (m_spec.format == InputFileSpec::Format::Jsonl) {
            failure = {0, "missing field " + q(f.name) + " (" + std::string(role) + ")"};
        } else {
            failure = {line.size(), "expected " + describeRef(f, role) + ", found the end of the line"};
        }
        return false;
    }

    bool buildRecord(std::string_view line, InputRecord& r, LineFailure& failure)
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
            if (detail::readShortDecimal(text, v)) {
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

    // A value that is not a plain decimal: std::from_chars's full syntax, and its errors.
    static bool readValue(const Slot& s, std::string_view text, InputRecord& r, LineFailure& failure)
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

    bool parseArrival(InputRecord& r, LineFailure& failure) const
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

    KeyId internSingle(std::string_view text)
    {
        const KeyCache::Probe probe = KeyCache::probe(text);
        if (const KeyId known = m_keyCache.find(text, probe); known != kNoKey)
            return known;
        const KeyId id = m_keys.intern(text);
        m_keyCache.add(text, probe, id);
        return id;
    }

    KeyId internKey(std::size_t fields)
    {
        if (fields == 1)
            return internSingle(m_slots[kFixedSlots].text);
        for (std::size_t i = 0; i < fields; ++i)
            m_keyFields[i].assign(m_slots[kFixedSlots + i].text);
        return m_keys.intern(std::span<const std::string>(m_keyFields));
    }

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
    std::vector<Slot> m_columns;
    std::deque<std::string> m_unescaped; // growing a deque keeps the earlier fields' text in place
    std::vector<std::pair<std::size_t, std::size_t>> m_columnSlots; // column -> slot
    std::size_t m_maxColumn = 0;
    std::vector<PathNode> m_paths;
    ondemand::parser m_json;
    ondemand::document m_doc;
    const char* m_lineStart = nullptr;
    std::vector<std::string> m_keyFields;
    KeyCache m_keyCache;
    std::vector<InputRecord> m_batch;
    std::vector<char> m_lineBuffer; // one line and simdjson's padding (EventLineParser)
    const detail::CsvScanLine* m_scannedLine = nullptr; // the line processLine is given, as scanCsvLines split it
    static constexpr std::size_t kNoColumn = ~std::size_t(0);
    bool m_plainCsv = false; // see decidePlainCsv
    bool m_continuation = false; // see continueAfter
    std::optional<HeaderState> m_adopted;
    std::function<void()> m_onHeaderDecided;
    std::size_t m_plainKey = 0, m_plainTs = 0, m_plainValue = kNoColumn, m_plainArrival = kNoColumn;
};

// The records' room, set aside for the whole file from its first lines, trimmed when the guess was large.
Loaded<EventFileContents> trimmed(Loaded<EventFileContents> loaded)
{
    if (loaded.value) {
        if (auto& records = loaded.value->records; records.capacity() > records.size() + records.size() / 4 + 1024)
            records.shrink_to_fit();
    }
    return loaded;
}

// The first part's share of an input read in two: a little less than half, as its thread also makes the room
// for the second part's records while that part is still read.
constexpr double kFirstPartShare = 0.45;

bool worthTwoParts(std::uint64_t total, const LoadOptions& options)
{
    return options.twoPartsFromBytes == 0
        || (total >= options.twoPartsFromBytes && std::thread::hardware_concurrency() >= 2);
}

// Reads an input in two parts at once, split after the line that ends at `split`: this thread the first part,
// another the second, which starts once the first has read the header (or knows there is none) and interns its
// keys into a table of its own. Joined, they are what one loader reading the whole input gives: the same
// records, key ids in order of first appearance, the same errors at the same lines (the second part's lines are
// numbered after the first part's), the same stop at the first error of a strict load.
Loaded<EventFileContents> loadInTwoParts(const std::string& name, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, std::uint64_t total, std::uint64_t split,
    ByteSource& firstSource, ByteSource& secondSource)
{
    std::atomic<bool> stop {false};
    std::atomic<std::uint64_t> firstBytes {0}, secondBytes {0};
    LoadOptions firstOptions = options;
    if (options.progress) {
        firstOptions.progress = [&](std::uint64_t done, std::uint64_t) {
            firstBytes = done;
            options.progress(done + secondBytes, total);
        };
    }
    // The second part answers to this thread only: the caller's callbacks are called from where it called.
    LoadOptions secondOptions = options;
    secondOptions.progress = [&](std::uint64_t done, std::uint64_t) { secondBytes = done; };
    secondOptions.cancelled = [&] { return stop.load(); };

    KeyTable secondKeys;
    Loader first(name, spec, keys, firstOptions, rules, nullptr);
    Loader second(name, spec, secondKeys, secondOptions, rules, nullptr);
    std::future<Loaded<EventFileContents>> secondRun;
    // Stops and waits for the second part however this function leaves (it refers to what is declared above).
    struct Stopper {
        std::atomic<bool>& stop;
        std::future<Loaded<EventFileContents>>& run;
        ~Stopper()
        {
            stop = true;
            if (run.valid())
                run.wait();
        }
    } stopper {stop, secondRun};
    first.whenHeaderDecided([&] {
        second.continueAfter(first);
        try {
            secondRun = std::async(std::launch::async, [&] { return second.run(secondSource, total - split); });
        } catch (const std::system_error&) {
            // no thread to be had: the second part is read after the first, on this one
        }
    });
    Loaded<EventFileContents> result = first.run(firstSource, total);
    if (!result.value)
        return result; // a strict load stopped in the first part: the second was never reached
    // The first part is the smaller (kFirstPartShare): while the second is still read, the room for its records
    // is written once here (as many records per byte as the first part had, within the room set aside), so
    // that its pages are faulted in now rather than by the copy after.
    std::vector<InputRecord>& records = result.value->records;
    const std::size_t firstRecords = records.size();
    const double perByte = static_cast<double>(firstRecords) / static_cast<double>(split);
    records.resize(std::max(firstRecords,
        std::min(records.capacity(),
            firstRecords + static_cast<std::size_t>(perByte * static_cast<double>(total - split)))));
    Loaded<EventFileContents> rest;
    if (secondRun.valid()) {
        while (secondRun.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
            if (options.cancelled && options.cancelled())
                stop = true;
            if (options.progress)
                options.progress(firstBytes + secondBytes, total);
        }
        rest = secondRun.get();
        if (options.progress)
            options.progress(firstBytes + secondBytes, total); // the last word on it, as a whole load's
    } else {
        // No line of the first part said whether there is a header (the second part reads it), or no thread
        // could be started: the second part is read after the first.
        second.continueAfter(first);
        rest = second.run(secondSource, total - split);
    }

    // The second part's keys take ids after the first part's, in the order they first appear.
    std::vector<KeyId> ids(secondKeys.size());
    for (KeyId k = 0; k < ids.size(); ++k)
        ids[k] = keys.intern(std::span<const std::string>(secondKeys.fields(k)));
    const std::uint32_t linesBefore = first.lineNumber();
    result.skippedLines += rest.skippedLines;
    for (LoadError& e : rest.errors) {
        if (e.where.line != 0)
            e.where.line += linesBefore;
        if (!rest.value || result.errors.size() < options.maxReportedErrors)
            result.errors.push_back(std::move(e));
    }
    if (!rest.value) {
        result.value.reset();
        return result;
    }
    EventFileContents& all = *result.value;
    const std::vector<InputRecord>& tail = rest.value->records;
    records.resize(firstRecords + tail.size()); // the room made above, trimmed or (rarely) grown
    const auto join = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            InputRecord r = tail[i];
            if (r.key != kNoKey)
                r.key = ids[r.key];
            r.sourceLine += linesBefore;
            records[firstRecords + i] = r;
        }
    };
    // A second part of more than a few megabytes of records is joined in two halves at once: this copy is the one
    // part of the load that no other work overlaps, and starting a thread costs less than copying 64K records.
    constexpr std::size_t kJoinInHalvesFrom = std::size_t(1) << 16;
    const std::size_t half = tail.size() / 2;
    std::future<void> firstHalf;
    if (tail.size() >= kJoinInHalvesFrom) {
        try {
            firstHalf = std::async(std::launch::async, join, 0, half);
        } catch (const std::system_error&) {
            // no thread to be had: joined whole below
        }
    }
    join(firstHalf.valid() ? half : 0, tail.size());
    if (firstHalf.valid())
        firstHalf.get();
    all.bytes += rest.value->bytes;
    all.lines += rest.value->lines;
    all.headerSkipped = all.headerSkipped || rest.value->headerSkipped;
    return result;
}

// Where a text is split in two parts: after the first line end at or past `from`; 0 when none is found (and the
// text is read whole).
std::uint64_t splitAfterLineEnd(std::string_view text, std::uint64_t from)
{
    const auto at = text.find('\n', static_cast<std::size_t>(from));
    return at == std::string_view::npos || at + 1 >= text.size() ? 0 : at + 1;
}

Loaded<EventFileContents> loadFromPath(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, const RecordSink* sink)
{
    const std::string name = path.string();
    Loader loader(options.sourceName.empty() ? name : options.sourceName, spec, keys, options, rules, sink);
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    // The error already starts with the file's name.
    if (ec || !std::filesystem::exists(status))
        return loader.failEarly("cannot open it: no such file");
    if (std::filesystem::is_directory(status))
        return loader.failEarly("cannot open it: it is a folder, not a file");
    std::FILE* f = std::fopen(name.c_str(), "rb");
    if (!f)
        return loader.failEarly(std::string("cannot open it: ") + std::strerror(errno));
    std::uint64_t total = 0;
    if (std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, ec);
        total = ec ? 0 : size;
    }
    if (!sink && std::filesystem::is_regular_file(status) && worthTwoParts(total, options)) {
        // The second part is read through a file of its own, from the end of the first line past the first
        // part's share (found in a window there; a longer line: the file is read whole).
        std::unique_ptr<std::FILE, FileCloser> second(std::fopen(name.c_str(), "rb"));
        const auto middle = static_cast<std::uint64_t>(kFirstPartShare * static_cast<double>(total));
        if (second && fseeko(second.get(), static_cast<off_t>(middle), SEEK_SET) == 0) {
            std::string window(std::size_t(64) << 10, '\0');
            window.resize(std::fread(window.data(), 1, window.size(), second.get()));
            const std::uint64_t split = middle + splitAfterLineEnd(window, 0);
            if (split != middle && split < total && fseeko(second.get(), static_cast<off_t>(split), SEEK_SET) == 0) {
                FileSource firstPart(std::exchange(f, nullptr), split);
                FileSource secondPart(second.release(), total - split);
                return trimmed(
                    loadInTwoParts(loader.fileName(), spec, keys, options, rules, total, split, firstPart, secondPart));
            }
        }
    }
    FileSource source(f);
    return trimmed(loader.run(source, total));
}

} // namespace

namespace {

// Lenient, so that a bad line is reported and the next one read; each line's error is taken as it comes.
const LoadOptions& lineByLine()
{
    static const LoadOptions options = [] {
        LoadOptions o;
        o.lenient = true;
        o.maxReportedErrors = 1;
        return o;
    }();
    return options;
}

} // namespace

// The Loader refers to its spec: the parser keeps its own copy, made before the Loader.
struct OwnedSpec {
    EventFileSpec spec;
};

class EventLineParser::Impl : private OwnedSpec, public Loader {
public:
    Impl(std::string sourceName, const EventFileSpec& spec, KeyTable& keys, const RecordRules& rules)
        : OwnedSpec {spec}
        , Loader(std::move(sourceName), OwnedSpec::spec, keys, lineByLine(), rules, nullptr)
    { }
};

EventLineParser::EventLineParser(
    std::string sourceName, const EventFileSpec& spec, KeyTable& keys, const RecordRules& rules)
    : m_impl(std::make_unique<Impl>(std::move(sourceName), spec, keys, rules))
{
    m_specError = m_impl->begin();
}

EventLineParser::~EventLineParser() = default;

EventLineParser::Outcome EventLineParser::parse(std::string_view line)
{
    if (m_specError) {
        Outcome refused;
        refused.error = LoadError(m_specError->where.file, m_impl->skipLine({}).where.line, 1, m_specError->message);
        return refused;
    }
    return m_impl->parseOne(line);
}

LoadError EventLineParser::skip(std::string message)
{
    return m_impl->skipLine(std::move(message));
}

std::uint32_t EventLineParser::linesRead() const
{
    return m_impl->lineNumber();
}

Loaded<EventFileContents> loadEventFile(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules)
{
    return loadFromPath(path, spec, keys, options, rules, nullptr);
}

Loaded<EventFileContents> streamEventFile(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, const RecordSink& sink)
{
    return loadFromPath(path, spec, keys, options, rules, &sink);
}

Loaded<EventFileContents> parseEventText(std::string_view text, const std::string& fileName, const EventFileSpec& spec,
    KeyTable& keys, const LoadOptions& options, const RecordRules& rules)
{
    if (worthTwoParts(text.size(), options)) {
        if (const std::uint64_t split
            = splitAfterLineEnd(text, static_cast<std::uint64_t>(kFirstPartShare * static_cast<double>(text.size())));
            split != 0) {
            MemorySource firstPart(text.substr(0, split));
            MemorySource secondPart(text.substr(split));
            return trimmed(
                loadInTwoParts(fileName, spec, keys, options, rules, text.size(), split, firstPart, secondPart));
        }
    }
    Loader loader(fileName, spec, keys, options, rules, nullptr);
    MemorySource source(text);
    return trimmed(loader.run(source, text.size()));
}

} // namespace tidemark::io
