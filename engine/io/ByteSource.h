#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <string_view>

namespace tidemark::io::detail {

// Where an event file's bytes come from: a file (a whole one or one part of it) or text in memory. Read a
// buffer at a time by the loader, so a virtual call per read costs nothing.
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
} // namespace tidemark::io::detail
