#include "engine/io/EventFile.h"

#include "engine/io/ByteSource.h"
#include "engine/io/EventFileHead.h"
#include "engine/io/EventLoader.h"
#include "engine/io/TwoPartLoad.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>
#include <utility>

namespace tidemark::io {

namespace {

Loaded<EventFileContents> loadFromPath(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, const RecordSink* sink)
{
    const std::string name = path.string();
    detail::EventLoader loader(
        options.sourceName.empty() ? name : options.sourceName, spec, keys, options, rules, sink);
    // The error already starts with the file's name.
    if (auto why = eventFileRefusal(path))
        return loader.failEarly(std::move(*why));
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    std::FILE* f = std::fopen(name.c_str(), "rb");
    if (!f)
        return loader.failEarly(std::string("cannot open it: ") + std::strerror(errno));
    std::uint64_t total = 0;
    if (std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, ec);
        total = ec ? 0 : size;
    }
    if (!sink && std::filesystem::is_regular_file(status) && detail::worthTwoParts(total, options)) {
        // The second part is read through a file of its own, from the end of the first line past the first
        // part's share (found in a window there; a longer line: the file is read whole).
        std::unique_ptr<std::FILE, detail::FileCloser> second(std::fopen(name.c_str(), "rb"));
        const auto middle = static_cast<std::uint64_t>(detail::kFirstPartShare * static_cast<double>(total));
        if (second && fseeko(second.get(), static_cast<off_t>(middle), SEEK_SET) == 0) {
            std::string window(std::size_t(64) << 10, '\0');
            window.resize(std::fread(window.data(), 1, window.size(), second.get()));
            const std::uint64_t split = middle + detail::splitAfterLineEnd(window, 0);
            if (split != middle && split < total && fseeko(second.get(), static_cast<off_t>(split), SEEK_SET) == 0) {
                detail::FileSource firstPart(std::exchange(f, nullptr), split);
                detail::FileSource secondPart(second.release(), total - split);
                return detail::trimmed(detail::loadInTwoParts(
                    loader.fileName(), spec, keys, options, rules, total, split, firstPart, secondPart));
            }
        }
    }
    detail::FileSource source(f);
    return detail::trimmed(loader.run(source, total));
}

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

// The loader refers to its spec: the parser keeps its own copy, made before the loader.
struct OwnedSpec {
    EventFileSpec spec;
};

class EventLineParser::Impl : private OwnedSpec, public detail::EventLoader {
public:
    Impl(std::string sourceName, const EventFileSpec& spec, KeyTable& keys, const RecordRules& rules)
        : OwnedSpec {spec}
        , EventLoader(std::move(sourceName), OwnedSpec::spec, keys, lineByLine(), rules, nullptr)
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
    if (detail::worthTwoParts(text.size(), options)) {
        if (const std::uint64_t split = detail::splitAfterLineEnd(
                text, static_cast<std::uint64_t>(detail::kFirstPartShare * static_cast<double>(text.size())));
            split != 0) {
            detail::MemorySource firstPart(text.substr(0, split));
            detail::MemorySource secondPart(text.substr(split));
            return detail::trimmed(detail::loadInTwoParts(
                fileName, spec, keys, options, rules, text.size(), split, firstPart, secondPart));
        }
    }
    detail::EventLoader loader(fileName, spec, keys, options, rules, nullptr);
    detail::MemorySource source(text);
    return detail::trimmed(loader.run(source, text.size()));
}

} // namespace tidemark::io
