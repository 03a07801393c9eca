#include "engine/io/GuessSpec.h"

#include "engine/core/Keys.h"
#include "engine/io/EventFile.h"
#include "engine/io/JsonTree.h"
#include "engine/io/Timestamps.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io {

namespace {

// Enough lines to see the shape of a file; the dialog hands over its first 40.
constexpr std::size_t kMaxSampleLines = 200;
// Epoch seconds written with 10 (or 11) digits: 2001-09-09 to 5138; epoch milliseconds from 1973 on.
constexpr double kEpochSecondsFrom = 1e9;
constexpr double kEpochMillisFrom = 1e11;
constexpr double kEpochMillisUntil = 1e14;
// A "partition" column numbers channels: small non-negative integers.
constexpr std::int64_t kMaxChannel = 1024;

// ---- text helpers ----

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isLetter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// "orderTime", "event_time", "Event-Time" → "ordertime", "eventtime", "eventtime": names compare without case
// or separators. For a dotted JSON path only the last segment counts ("event.time" → "time").
std::string normalName(std::string_view name)
{
    if (const auto dot = name.rfind('.'); dot != std::string_view::npos)
        name.remove_prefix(dot + 1);
    std::string out;
    for (const char c : name) {
        if (c != '_' && c != '-' && c != ' ')
            out += lower(c);
    }
    return out;
}

bool isInteger(std::string_view s)
{
    if (!s.empty() && (s.front() == '-' || s.front() == '+'))
        s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), isDigit);
}

// A plain decimal number as the loaders read one: digits with an optional sign, point and exponent.
std::optional<double> decimal(std::string_view s)
{
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) {
            return isDigit(c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
        }))
        return std::nullopt;
    if (s.front() == '+')
        s.remove_prefix(1);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// ---- lines and fields ----

// The lines that carry data: without a BOM and CR, and without blank and comment lines (which the loaders
// skip too).
std::vector<std::string_view> sampleLines(std::string_view head)
{
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    // A head cut in the middle of a line: the cut line would look like a different kind of value.
    if (const auto lastNewline = head.rfind('\n'); lastNewline != std::string_view::npos)
        head = head.substr(0, lastNewline + 1);
    std::vector<std::string_view> lines;
    while (!head.empty() && lines.size() < kMaxSampleLines) {
        const auto nl = head.find('\n');
        std::string_view line = head.substr(0, nl);
        head.remove_prefix(nl == std::string_view::npos ? head.size() : nl + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        const auto content = trim(line);
        if (content.empty() || content.front() == '#')
            continue;
        // "watermark,5000" lines say nothing about the records' shape
        if (content.substr(0, 9) == "watermark" && content.size() > 9 && !isLetter(content[9]) && content[9] != '_')
            continue;
        lines.push_back(line);
    }
    return lines;
}

// The lines of the shape most lines share, so that a few bad lines do not decide the layout: with a delimiter that
// splits more than half of the lines into the same number (two or more) of fields, the lines split so; JSON
// objects when more than half are; every line otherwise.
std::vector<std::string_view> commonShape(const std::vector<std::string_view>& lines)
{
    if (lines.size() < 3)
        return lines;
    const auto isObject = [](std::string_view l) { return trim(l).substr(0, 1) == "{"; };
    const auto objects = std::size_t(std::count_if(lines.begin(), lines.end(), isObject));
    std::vector<std::string_view> kept;
    if (objects * 2 > lines.size()) {
        std::copy_if(lines.begin(), lines.end(), std::back_inserter(kept), isObject);
        return kept;
    }
    std::size_t bestFields = 0, bestLines = 0;
    char best = 0;
    for (const char d : {',', '\t', ';', '|'}) {
        std::vector<std::size_t> counts;
        for (const auto line : lines)
            counts.push_back(splitCsv(line, d).size());
        for (const std::size_t n : counts) {
            const auto same = std::size_t(std::count(counts.begin(), counts.end(), n));
            if (n >= 2 && same * 2 > lines.size() && (n > bestFields || (n == bestFields && same > bestLines))) {
                best = d;
                bestFields = n;
                bestLines = same;
            }
        }
    }
    if (best == 0)
        return lines;
    for (const auto line : lines) {
        if (splitCsv(line, best).size() == bestFields)
            kept.push_back(line);
    }
    return kept;
}

std::vector<std::string> splitWhitespace(std::string_view line)
{
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            fields.emplace_back(line.substr(start, i - start));
    }
    return fields;
}

// ---- timestamps written as dates ----

enum class DateOrder : std::uint8_t { YearMonthDay, DayMonthYear, MonthDayYear };

// The pattern one date-time text is written in, read in the given order of year, month and day:
// "2024-03-01 09:00:00.000" → "yyyy-MM-dd HH:mm:ss.SSS", "01.03.2024T09:00Z" → "dd.MM.yyyy'T'HH:mmXXX".
std::optional<std::string> patternOf(std::string_view text, DateOrder order)
{
    std::size_t i = 0;
    std::string pattern;
    const auto digits = [&](std::size_t n) {
        if (i + n > text.size())
            return false;
        for (std::size_t k = 0; k < n; ++k) {
            if (!isDigit(text[i + k]))
                return false;
        }
        if (i + n < text.size() && isDigit(text[i + n]))
            return false;
        i += n;
        return true;
    };
    const auto separator = [&](std::string_view allowed) -> std::optional<char> {
        if (i < text.size() && allowed.find(text[i]) != std::string_view::npos)
            return text[i++];
        return std::nullopt;
    };
    const std::array<std::pair<std::size_t, const char*>, 3> parts = [&] {
        switch (order) {
        case DateOrder::DayMonthYear:
            return std::array<std::pair<std::size_t, const char*>, 3> {{{2, "dd"}, {2, "MM"}, {4, "yyyy"}}};
        case DateOrder::MonthDayYear:
            return std::array<std::pair<std::size_t, const char*>, 3> {{{2, "MM"}, {2, "dd"}, {4, "yyyy"}}};
        case DateOrder::YearMonthDay:
            break;
        }
        return std::array<std::pair<std::size_t, const char*>, 3> {{{4, "yyyy"}, {2, "MM"}, {2, "dd"}}};
    }();
    std::optional<char> dateSeparator;
    for (std::size_t p = 0; p < parts.size(); ++p) {
        if (p > 0) {
            const auto sep = separator("-/.");
            if (!sep || (dateSeparator && *sep != *dateSeparator))
                return std::nullopt;
            dateSeparator = sep;
            pattern += *sep;
        }
        if (!digits(parts[p].first))
            return std::nullopt;
        pattern += parts[p].second;
    }
    if (i == text.size())
        return pattern;
    if (text[i] == 'T') {
        pattern += "'T'";
        ++i;
    } else if (text[i] == ' ') {
        pattern += ' ';
        ++i;
    } else {
        return std::nullopt;
    }
    if (!digits(2) || !separator(":") || !digits(2))
        return std::nullopt;
    pattern += "HH:mm";
    if (separator(":")) {
        if (!digits(2))
            return std::nullopt;
        pattern += ":ss";
        if (const auto point = separator(".,")) {
            const std::size_t start = i;
            while (i < text.size() && isDigit(text[i]))
                ++i;
            if (i == start || i - start > 9)
                return std::nullopt;
            pattern += *point;
            pattern += std::string(i - start, 'S');
        }
    }
    if (i == text.size())
        return pattern;
    if (text.substr(i) == "Z") {
        pattern += "XXX";
        return pattern;
    }
    if (text[i] == '+' || text[i] == '-') {
        const auto offset = text.substr(i + 1);
        if (offset.size() == 5 && isDigit(offset[0]) && isDigit(offset[1]) && offset[2] == ':' && isDigit(offset[3])
            && isDigit(offset[4]))
            return pattern + "XXX";
        if (offset.size() == 4 && std::all_of(offset.begin(), offset.end(), isDigit))
            return pattern + "Z";
    }
    return std::nullopt;
}

bool parsesAll(const TimestampFormat& format, const std::vector<std::string_view>& values)
{
    const auto parser = TimestampParser::create(format);
    if (!parser)
        return false;
    for (const auto v : values) {
        Timestamp ts = 0;
        TimestampParser::Failure failure;
        if (!parser->parse(v, ts, failure))
            return false;
    }
    return true;
}

// How a column of date-time texts is best read: ISO-8601 when every value names its offset (the loader then
// accepts any fraction length), else one pattern that fits every value (read in UTC unless a zone is set),
// else ISO-8601 in UTC.
std::optional<TimestampFormat> dateFormatOf(const std::vector<std::string_view>& values)
{
    if (values.empty())
        return std::nullopt;
    TimestampFormat iso;
    if (parsesAll(iso, values))
        return iso;
    for (const auto order : {DateOrder::YearMonthDay, DateOrder::DayMonthYear, DateOrder::MonthDayYear}) {
        const auto first = patternOf(values.front(), order);
        if (!first)
            continue;
        const bool same = std::all_of(values.begin(), values.end(), [&](std::string_view v) {
            const auto p = patternOf(v, order);
            return p && *p == *first;
        });
        TimestampFormat format;
        format.pattern = *first;
        if (same && parsesAll(format, values))
            return format;
    }
    iso.zone = "UTC";
    if (parsesAll(iso, values))
        return iso;
    return std::nullopt;
}

// ---- columns ----

// One field of the file across the sample: a CSV/text column or a JSON member (by dotted path).
struct Column {
    std::string name; // header name or JSON path; empty without a header
    std::int32_t index = -1; // CSV/text column
    std::vector<std::string> values; // the rows that have it, trimmed
    std::size_t rows = 0; // rows in the sample (the column is missing from rows - values.size())
    bool jsonOther = false; // a JSON value that is no number or string (object, array, bool, null)
    bool jsonString = false; // every JSON value of it is a string

    // filled by classify()
    bool numeric = false; // every value a finite number
    bool integer = false; // every value an integer
    bool leadingZeros = false; // an integer written with leading zeros ("0001") names something
    bool nonNegative = false;
    double min = 0;
    double max = 0;
    std::size_t distinct = 0;
    std::optional<TimestampFormat> dates; // every value a date-time in this format
    std::string normal; // normalName(name)

    bool complete() const { return !values.empty() && values.size() == rows && !jsonOther; }

    std::vector<std::string_view> views() const { return {values.begin(), values.end()}; }

    void classify()
    {
        normal = normalName(name);
        if (values.empty() || jsonOther)
            return;
        numeric = true;
        integer = true;
        nonNegative = true;
        min = std::numeric_limits<double>::infinity();
        max = -std::numeric_limits<double>::infinity();
        for (const auto& v : values) {
            const auto d = decimal(v);
            if (!d) {
                numeric = integer = false;
                break;
            }
            integer = integer && isInteger(v);
            leadingZeros = leadingZeros || (v.size() > 1 && v.front() == '0' && isDigit(v[1]));
            nonNegative = nonNegative && *d >= 0;
            min = std::min(min, *d);
            max = std::max(max, *d);
        }
        distinct = std::set<std::string>(values.begin(), values.end()).size();
        const bool dateLike = std::all_of(values.begin(), values.end(), [](const std::string& v) {
            return v.size() >= 8 && isDigit(v[0]) && isDigit(v[1]) && !isInteger(v) && !decimal(v);
        });
        if (dateLike)
            dates = dateFormatOf(views());
    }

    // Epoch-like numbers: a real clock, not a count. Seconds when every value has 10 or 11 integer digits.
    std::optional<TimestampFormat::Unit> epochUnit() const
    {
        if (!numeric || min < kEpochSecondsFrom || max >= kEpochMillisUntil)
            return std::nullopt;
        if (max < kEpochMillisFrom)
            return TimestampFormat::Unit::Seconds;
        if (min >= kEpochMillisFrom && integer)
            return TimestampFormat::Unit::Milliseconds;
        return std::nullopt;
    }

    // How this column would be read as timestamps, if it can be. A column missing from some lines still
    // qualifies (the preview then points at those lines).
    std::optional<TimestampFormat> timestampFormat() const
    {
        if (values.empty() || jsonOther)
            return std::nullopt;
        if (dates)
            return dates;
        if (const auto unit = epochUnit()) {
            TimestampFormat f;
            f.unit = *unit;
            return f;
        }
        if (integer) // a relative clock such as 1000, 2000, … (milliseconds, as in the posts)
            return TimestampFormat {};
        return std::nullopt;
    }

    bool smallCounter() const { return integer && nonNegative && max < double(kMaxChannel); }
};

// ---- names ----

bool nameIn(std::string_view normal, std::initializer_list<std::string_view> names)
{
    return std::find(names.begin(), names.end(), normal) != names.end();
}

// Position in a preference list (lower is better), or -1.
int rankIn(std::string_view normal, std::initializer_list<std::string_view> names)
{
    int i = 0;
    for (const auto n : names) {
        if (n == normal)
            return i;
        ++i;
    }
    return -1;
}

bool arrivalName(const Column& c)
{
    return nameIn(c.normal,
               {"arrival", "arrivaltime", "arrivalts", "arrivedat", "arrived", "processing", "processingtime",
                   "proctime", "processingts", "ingestiontime", "ingesttime", "ingested", "receivedat", "receivetime",
                   "received", "systemtime", "wallclock"})
        || c.normal.rfind("arrival", 0) == 0 || c.normal.rfind("processing", 0) == 0;
}

bool channelName(const Column& c)
{
    return nameIn(c.normal, {"partition", "channel", "subtask", "shard", "split", "kafkapartition", "partitionid"});
}

// A Kafka record's offset (kcat and the console consumer print it): a position, neither a key nor a value.
bool offsetName(const Column& c)
{
    return nameIn(c.normal, {"offset", "kafkaoffset", "recordoffset"});
}

int valueNameRank(const Column& c)
{
    return rankIn(c.normal,
        {"value", "amount", "price", "temp", "temperature", "count", "qty", "quantity", "clicks", "score", "total",
            "val", "v", "reading", "measurement", "metric", "size", "bytes", "duration", "latency", "speed", "level",
            "volume", "cost", "revenue", "sales", "views", "visits", "humidity", "pressure", "load", "weight", "points",
            "sum"});
}

// Whether a name ends with a word of its own: "order_time", "orderTime", "ORDER-TIME", "time"; not "uptime",
// "counts" or "paid".
bool endsWithWord(std::string_view name, std::string_view word)
{
    if (const auto dot = name.rfind('.'); dot != std::string_view::npos)
        name.remove_prefix(dot + 1);
    if (name.size() < word.size())
        return false;
    const auto tail = name.substr(name.size() - word.size());
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (lower(tail[i]) != word[i])
            return false;
    }
    if (name.size() == word.size())
        return true;
    const char before = name[name.size() - word.size() - 1];
    if (before == '_' || before == '-' || before == ' ')
        return true;
    const bool camel = tail[0] >= 'A' && tail[0] <= 'Z' && ((before >= 'a' && before <= 'z') || isDigit(before));
    return camel;
}

int tsNameRank(const Column& c)
{
    if (c.normal.empty() || arrivalName(c) || valueNameRank(c) >= 0)
        return -1;
    const int exact = rankIn(c.normal,
        {"ts", "timestamp", "eventtime", "eventtimestamp", "time", "eventts", "datetime", "date", "t", "epoch",
            "epochms", "timems", "timestampms", "createdat", "created", "occurredat", "when"});
    if (exact >= 0)
        return exact;
    // orderTime, event_timestamp, login_ts, created_at
    if (endsWithWord(c.name, "time") || endsWithWord(c.name, "timestamp") || endsWithWord(c.name, "date")
        || endsWithWord(c.name, "ts") || endsWithWord(c.name, "at"))
        return 100;
    return -1;
}

int keyNameRank(const Column& c)
{
    const int exact = rankIn(c.normal,
        {"key", "id", "user", "userid", "username", "sensor", "sensorid", "device", "deviceid", "shop", "shopid",
            "store", "name", "word", "colour", "color", "category", "type", "product", "productid", "item", "itemid",
            "customer", "customerid", "account", "host", "page", "url", "session", "sessionid", "region", "country",
            "city", "symbol", "ticker", "team", "player", "group", "label", "tag"});
    if (exact >= 0)
        return exact;
    if (endsWithWord(c.name, "id") || endsWithWord(c.name, "name") || endsWithWord(c.name, "key"))
        return 100;
    return -1;
}

// ---- the file as a table ----

struct Table {
    InputFileSpec::Format format = InputFileSpec::Format::Csv;
    char delimiter = ',';
    bool header = false;
    std::vector<Column> columns;
};

std::string_view extensionOf(std::string_view fileName)
{
    const auto slash = fileName.find_last_of("/\\");
    if (slash != std::string_view::npos)
        fileName.remove_prefix(slash + 1);
    const auto dot = fileName.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : fileName.substr(dot + 1);
}

std::string lowerCase(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = lower(c);
    return out;
}

// A first line that names columns: every field a word, where the data has numbers or dates somewhere.
bool looksLikeHeader(const std::vector<std::vector<std::string>>& rows)
{
    if (rows.empty())
        return false;
    for (const auto& f : rows.front()) {
        const auto t = trim(f);
        if (t.empty() || !(isLetter(t.front()) || t.front() == '_' || static_cast<unsigned char>(t.front()) >= 0x80))
            return false;
        if (isInteger(t) || decimal(t))
            return false;
    }
    if (rows.size() == 1)
        return true;
    // some column holds numbers or dates below the first line
    for (std::size_t c = 0; c < rows.front().size(); ++c) {
        bool allData = true;
        for (std::size_t r = 1; r < rows.size() && allData; ++r) {
            const auto t = c < rows[r].size() ? trim(rows[r][c]) : std::string_view();
            allData = !t.empty() && isDigit(t.front());
        }
        if (allData)
            return true;
    }
    return false;
}

bool isWatermarkRow(const std::vector<std::string>& fields)
{
    return !fields.empty() && trim(fields.front()) == "watermark";
}

Table columnsOf(const std::vector<std::vector<std::string>>& rows, bool header)
{
    Table t;
    t.header = header;
    std::size_t width = 0;
    for (const auto& r : rows)
        width = std::max(width, r.size());
    t.columns.resize(width);
    for (std::size_t c = 0; c < width; ++c) {
        t.columns[c].index = static_cast<std::int32_t>(c);
        if (header && c < rows.front().size())
            t.columns[c].name = std::string(trim(rows.front()[c]));
    }
    for (std::size_t r = header ? 1 : 0; r < rows.size(); ++r) {
        if (isWatermarkRow(rows[r]))
            continue;
        for (auto& col : t.columns) {
            ++col.rows;
            if (static_cast<std::size_t>(col.index) < rows[r].size())
                col.values.emplace_back(trim(rows[r][static_cast<std::size_t>(col.index)]));
        }
    }
    return t;
}

// The delimiter that splits every line into the same number (two or more) of fields, the most fields winning.
std::optional<char> consistentDelimiter(const std::vector<std::string_view>& lines)
{
    std::optional<char> best;
    std::size_t bestCount = 1;
    for (const char d : {',', '\t', ';', '|'}) {
        std::size_t count = 0;
        bool same = true;
        for (const auto line : lines) {
            const auto n = splitCsv(line, d).size();
            if (count == 0)
                count = n;
            same = same && n == count;
        }
        if (same && count > bestCount) {
            best = d;
            bestCount = count;
        }
    }
    return best;
}

bool consistentWhitespace(const std::vector<std::string_view>& lines)
{
    std::size_t count = 0;
    for (const auto line : lines) {
        const auto n = splitWhitespace(line).size();
        if (n < 2 || (count != 0 && n != count))
            return false;
        count = n;
    }
    return count >= 2;
}

void flatten(const detail::JsonNode& node, const std::string& path, Table& table, std::vector<bool>& seen)
{
    using Kind = detail::JsonNode::Kind;
    if (node.kind == Kind::Object) {
        for (std::size_t i = 0; i < node.keys.size(); ++i) {
            const auto& name = node.keys[i].name;
            if (name.empty() || name.find('.') != std::string::npos)
                continue; // not reachable by a dotted path
            flatten(node.items[i], path.empty() ? name : path + "." + name, table, seen);
        }
        return;
    }
    auto it = std::find_if(table.columns.begin(), table.columns.end(), [&](const Column& c) { return c.name == path; });
    if (it == table.columns.end()) {
        table.columns.emplace_back();
        table.columns.back().name = path;
        table.columns.back().jsonString = true;
        seen.push_back(false);
        it = table.columns.end() - 1;
    }
    const auto index = static_cast<std::size_t>(it - table.columns.begin());
    if (seen[index])
        return;
    seen[index] = true;
    if (node.kind == Kind::String) {
        it->values.emplace_back(trim(node.text));
    } else if (node.kind == Kind::Number) {
        it->values.push_back(node.text);
        it->jsonString = false;
    } else {
        it->jsonOther = true;
    }
}

Table jsonTable(const std::vector<std::string_view>& lines)
{
    Table t;
    t.format = InputFileSpec::Format::Jsonl;
    t.header = false;
    std::size_t rows = 0;
    for (const auto line : lines) {
        const auto parsed = detail::parseJsonTree(line);
        if (!parsed.ok || parsed.root.kind != detail::JsonNode::Kind::Object)
            continue;
        if (parsed.root.member("watermark"))
            continue;
        ++rows;
        std::vector<bool> seen(t.columns.size(), false);
        flatten(parsed.root, std::string(), t, seen);
    }
    for (auto& c : t.columns)
        c.rows = rows;
    return t;
}

Table tableOf(const std::vector<std::string_view>& lines, std::string_view fileName)
{
    const std::string ext = lowerCase(extensionOf(fileName));
    const auto byName = formatFromExtension(fileName);
    const bool jsonByContent = !lines.empty() && trim(lines.front()).substr(0, 1) == "{";
    if (jsonByContent || (lines.empty() && byName == InputFileSpec::Format::Jsonl))
        return jsonTable(lines);

    std::vector<std::vector<std::string>> rows;
    Table t;
    if (const auto d = consistentDelimiter(lines)) {
        t.delimiter = *d;
    } else if (consistentWhitespace(lines) || byName == InputFileSpec::Format::Text) {
        for (const auto line : lines)
            rows.push_back(splitWhitespace(line));
        // Text has no header; a whitespace file with one reads as CSV split on single spaces, if it is.
        if (rows.size() > 1 && looksLikeHeader(rows)) {
            bool single = true;
            for (std::size_t r = 0; r < lines.size(); ++r)
                single = single && splitCsv(lines[r], ' ').size() == rows[r].size();
            if (single) {
                Table csv = columnsOf(rows, true);
                csv.format = InputFileSpec::Format::Csv;
                csv.delimiter = ' ';
                return csv;
            }
        }
        Table text = columnsOf(rows, false);
        text.format = InputFileSpec::Format::Text;
        return text;
    } else if (ext == "tsv") {
        t.delimiter = '\t';
    } else if (!lines.empty()) {
        // no delimiter splits every line the same way: take the one that splits the first line most
        std::size_t most = 1;
        for (const char d : {',', '\t', ';', '|'}) {
            if (const auto n = splitCsv(lines.front(), d).size(); n > most) {
                most = n;
                t.delimiter = d;
            }
        }
    }
    for (const auto line : lines)
        rows.push_back(splitCsv(line, t.delimiter));
    Table csv = columnsOf(rows, looksLikeHeader(rows));
    csv.delimiter = t.delimiter;
    return csv;
}

// ---- choosing fields ----

struct Choice {
    std::optional<std::size_t> ts;
    std::vector<std::size_t> key;
    std::optional<std::size_t> value;
    std::optional<std::size_t> arrival;
    std::optional<std::size_t> channel;
    TimestampFormat timestamp;
};

// Timestamp columns, the likeliest first: a timestamp name, then dates, epoch numbers, other integers (the
// larger values first: 1000, 2000, … is a clock where 1, 2, 3 is a count).
std::vector<std::size_t> timestampCandidates(const Table& t)
{
    struct Candidate {
        std::size_t column;
        int score;
        double max;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const Column& c = t.columns[i];
        const auto format = c.timestampFormat();
        if (!format || arrivalName(c))
            continue;
        int score = c.dates ? 300 : c.epochUnit() ? 200 : 100;
        if (const int rank = tsNameRank(c); rank >= 0)
            score += 1000 - rank;
        else if (keyNameRank(c) >= 0 || valueNameRank(c) >= 0 || channelName(c))
            score -= 150;
        if (c.leadingZeros)
            score -= 50;
        if (!c.complete())
            score -= 400;
        candidates.push_back({i, score, c.max});
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.score != b.score ? a.score > b.score : (a.score < 300 && a.max > b.max);
    });
    std::vector<std::size_t> out;
    for (const auto& c : candidates)
        out.push_back(c.column);
    return out;
}

Choice chooseFields(const Table& t, std::size_t ts)
{
    Choice choice;
    choice.ts = ts;
    choice.timestamp = *t.columns[ts].timestampFormat();
    std::vector<bool> used(t.columns.size(), false);
    used[ts] = true;

    // arrival: by name, written like the timestamp (one timestamp format serves both)
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const Column& c = t.columns[i];
        if (used[i] || !arrivalName(c))
            continue;
        const auto format = c.timestampFormat();
        if (format && format->unit == choice.timestamp.unit && format->pattern == choice.timestamp.pattern) {
            choice.arrival = i;
            used[i] = true;
            break;
        }
    }
    // channel: by name, small non-negative integers
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const Column& c = t.columns[i];
        if (!used[i] && channelName(c) && c.complete() && c.smallCounter()) {
            choice.channel = i;
            used[i] = true;
            break;
        }
    }
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        if (offsetName(t.columns[i]))
            used[i] = true;
    }
    // key: by name; else text; else integers that name something ("0001") or repeat
    const auto pickBest = [&](auto rank) -> std::optional<std::size_t> {
        std::optional<std::size_t> best;
        int bestRank = std::numeric_limits<int>::max();
        for (std::size_t i = 0; i < t.columns.size(); ++i) {
            if (used[i] || !t.columns[i].complete())
                continue;
            const int r = rank(t.columns[i]);
            if (r >= 0 && r < bestRank) {
                best = i;
                bestRank = r;
            }
        }
        return best;
    };
    auto key
        = pickBest([](const Column& c) { return keyNameRank(c) >= 0 && valueNameRank(c) < 0 ? keyNameRank(c) : -1; });
    if (!key)
        key = pickBest(
            [](const Column& c) { return (!c.numeric || c.jsonString) && !c.dates && valueNameRank(c) < 0 ? 0 : -1; });
    if (!key) {
        key = pickBest([](const Column& c) {
            const bool names
                = c.leadingZeros || (c.integer && c.values.size() >= 4 && c.distinct * 2 <= c.values.size());
            return names && valueNameRank(c) < 0 ? 0 : -1;
        });
    }
    if (key) {
        choice.key.push_back(*key);
        used[*key] = true;
    }
    // value: a number, by name; else the first number left that does not name something
    auto value = pickBest([](const Column& c) { return c.numeric ? valueNameRank(c) : -1; });
    if (!value) {
        value = pickBest([](const Column& c) {
            const bool named = keyNameRank(c) >= 0 || tsNameRank(c) >= 0 || arrivalName(c) || channelName(c);
            return c.numeric && !c.leadingZeros && !named ? 0 : -1;
        });
    }
    if (value)
        choice.value = *value;
    return choice;
}

// Without data (an empty file, a header alone) only the names can say which field is which.
Choice namesOnly(const Table& t)
{
    Choice choice;
    const auto best = [&](auto rank) -> std::optional<std::size_t> {
        std::optional<std::size_t> found;
        int bestRank = std::numeric_limits<int>::max();
        for (std::size_t i = 0; i < t.columns.size(); ++i) {
            const int r = rank(t.columns[i]);
            if (r >= 0 && r < bestRank) {
                found = i;
                bestRank = r;
            }
        }
        return found;
    };
    choice.ts = best(tsNameRank);
    if (const auto key = best(keyNameRank); key && key != choice.ts)
        choice.key.push_back(*key);
    if (const auto value = best(valueNameRank); value && value != choice.ts)
        choice.value = value;
    return choice;
}

FieldRef refTo(const Table& t, std::size_t column)
{
    FieldRef f;
    const Column& c = t.columns[column];
    if (t.format == InputFileSpec::Format::Jsonl
        || (t.format == InputFileSpec::Format::Csv && t.header && !c.name.empty()))
        f.name = c.name;
    else
        f.index = c.index;
    return f;
}

InputFileSpec specOf(const Table& t, const Choice& choice, std::string_view fileName)
{
    InputFileSpec spec;
    spec.file = std::string(fileName);
    spec.format = t.format;
    spec.delimiter = t.delimiter;
    spec.header = t.format != InputFileSpec::Format::Csv ? InputFileSpec::Header::Detect
        : t.header                                       ? InputFileSpec::Header::Present
                                                         : InputFileSpec::Header::Absent;
    if (choice.ts) {
        spec.ts = refTo(t, *choice.ts);
    } else if (t.format == InputFileSpec::Format::Jsonl) {
        spec.ts.name = "ts";
    } else {
        spec.ts.index = 0;
    }
    for (const auto k : choice.key)
        spec.key.push_back(refTo(t, k));
    if (choice.value)
        spec.value = refTo(t, *choice.value);
    if (choice.arrival)
        spec.arrival = refTo(t, *choice.arrival);
    if (choice.channel)
        spec.channel = refTo(t, *choice.channel);
    spec.timestamp = choice.timestamp;
    return spec;
}

// Reads the lines the guess rests on with the spec, as the import preview reads the head.
bool readsLines(const std::vector<std::string_view>& lines, const InputFileSpec& spec)
{
    std::string text;
    for (const auto line : lines)
        (text += line) += '\n';
    KeyTable keys;
    const auto loaded = parseEventText(text, spec.file, spec, keys);
    return loaded.ok() && !loaded.value->records.empty();
}

} // namespace

std::vector<std::string> splitCsv(std::string_view line, char delimiter)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"' && trim(fields.back()).empty()) {
            quoted = true;
            fields.back().clear();
        } else if (c == delimiter) {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

InputFileSpec guessInputFileSpec(std::string_view head, std::string_view fileName, GuessBasis* basis)
{
    const auto sample = sampleLines(head);
    const auto lines = commonShape(sample);
    if (basis)
        *basis = GuessBasis {lines.size(), sample.size() - lines.size()};
    Table table = tableOf(lines, fileName);
    for (auto& c : table.columns)
        c.classify();

    // The likeliest guesses first; the first one that reads the head wins.
    std::vector<InputFileSpec> guesses;
    for (const auto ts : timestampCandidates(table)) {
        const Choice full = chooseFields(table, ts);
        guesses.push_back(specOf(table, full, fileName));
        Choice lean = full;
        lean.arrival.reset();
        guesses.push_back(specOf(table, lean, fileName));
        lean.value.reset();
        guesses.push_back(specOf(table, lean, fileName));
        lean.channel.reset();
        guesses.push_back(specOf(table, lean, fileName));
    }
    if (guesses.empty())
        return specOf(table, namesOnly(table), fileName);
    for (const auto& g : guesses) {
        if (readsLines(lines, g))
            return g;
    }
    return guesses.front();
}

std::optional<InputFileSpec::Format> formatFromExtension(std::string_view fileName)
{
    const std::string ext = lowerCase(extensionOf(fileName));
    for (const auto& [extension, format] : kEventFileExtensions) {
        if (ext == extension)
            return format;
    }
    return std::nullopt;
}

} // namespace tidemark::io
