#include "engine/cli/SpooledInput.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace tidemark::cli {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const
    {
        if (f && f != stdin)
            std::fclose(f);
    }
};

} // namespace

bool SpooledInput::needed(const std::string& events)
{
    if (events == "-")
        return true;
    std::error_code ec;
    const auto status = std::filesystem::status(events, ec);
    return !ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)
        && !std::filesystem::is_directory(status);
}

std::optional<SpooledInput> SpooledInput::spool(const std::string& events, std::string& error)
{
    const std::string name = events == "-" ? std::string("stdin") : events;
    std::unique_ptr<std::FILE, FileCloser> in(events == "-" ? stdin : std::fopen(events.c_str(), "rb"));
    if (!in) {
        error = name + ": cannot open it: " + std::strerror(errno);
        return std::nullopt;
    }
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    std::string pattern = ((ec ? std::filesystem::path("/tmp") : dir) / "tidemark-input-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) {
        error = name + ": cannot keep a copy to read it from: " + std::strerror(errno);
        return std::nullopt;
    }
    SpooledInput spooled(pattern, name); // from here on the copy is removed on every way out
    std::unique_ptr<std::FILE, FileCloser> out(::fdopen(fd, "wb"));
    if (!out) {
        ::close(fd);
        error = name + ": cannot keep a copy to read it from: " + std::strerror(errno);
        return std::nullopt;
    }
    std::vector<char> buffer(std::size_t(1) << 16);
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), in.get())) > 0) {
        if (std::fwrite(buffer.data(), 1, n, out.get()) != n) {
            error = name + ": cannot keep a copy to read it from: " + std::strerror(errno);
            return std::nullopt;
        }
    }
    if (std::ferror(in.get())) {
        error = name + ": cannot read it: " + std::strerror(errno);
        return std::nullopt;
    }
    if (std::fclose(out.release()) != 0) {
        error = name + ": cannot keep a copy to read it from: " + std::strerror(errno);
        return std::nullopt;
    }
    return spooled;
}

SpooledInput::SpooledInput(std::filesystem::path path, std::string name)
    : m_path(std::move(path))
    , m_name(std::move(name))
{ }

SpooledInput::SpooledInput(SpooledInput&& other) noexcept
    : m_path(std::move(other.m_path))
    , m_name(std::move(other.m_name))
{
    other.m_path.clear();
}

SpooledInput& SpooledInput::operator=(SpooledInput&& other) noexcept
{
    if (this != &other) {
        remove();
        m_path = std::move(other.m_path);
        m_name = std::move(other.m_name);
        other.m_path.clear();
    }
    return *this;
}

SpooledInput::~SpooledInput()
{
    remove();
}

void SpooledInput::remove()
{
    if (!m_path.empty()) {
        std::error_code ec;
        std::filesystem::remove(m_path, ec);
        m_path.clear();
    }
}

} // namespace tidemark::cli
