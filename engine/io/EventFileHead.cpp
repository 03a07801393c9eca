#include "engine/io/EventFileHead.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <system_error>

namespace tidemark::io {

std::optional<std::string> eventFileRefusal(const std::filesystem::path& path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return "cannot open it: no such file";
    if (std::filesystem::is_directory(status))
        return "cannot open it: it is a folder, not a file";
    if (std::filesystem::is_regular_file(status) && std::filesystem::file_size(path, ec) == 0 && !ec)
        return "it is empty (0 bytes): an events file holds one record per line";
    return std::nullopt;
}

EventFileHead readEventFileHead(const std::filesystem::path& path, int lines, const std::string& shownAs)
{
    EventFileHead head;
    const std::string name = shownAs.empty() ? path.string() : shownAs;
    if (auto why = eventFileRefusal(path)) {
        head.refusal = LoadError(name, 0, 0, std::move(*why));
        return head;
    }
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) {
        head.refusal = LoadError(name, 0, 0, std::string("cannot open it: ") + std::strerror(errno));
        return head;
    }
    std::string chunk(std::size_t(64) << 10, '\0');
    std::uint64_t lineBytes = 0; // of the line being read
    int line = 1;
    bool tooLong = false;
    bool done = false;
    while (!done) {
        const std::size_t got = std::fread(chunk.data(), 1, chunk.size(), f.get());
        if (got == 0)
            break;
        for (std::size_t at = 0; at < got;) {
            const void* nl = std::memchr(chunk.data() + at, '\n', got - at);
            const std::size_t end = nl ? std::size_t(static_cast<const char*>(nl) - chunk.data()) : got;
            lineBytes += end - at;
            tooLong = tooLong || lineBytes > kMaxLineBytes;
            if (!tooLong)
                head.text.append(chunk, at, end - at + (nl ? 1 : 0));
            at = end + (nl ? 1 : 0);
            if (!nl)
                break; // the line goes on in the next block: an over-long one is counted, not kept
            if (tooLong || ++line > lines) {
                done = true;
                break;
            }
            lineBytes = 0;
        }
    }
    if (tooLong) {
        head.refusal = LoadError(name, std::uint32_t(line), 1, lineTooLongMessage(kMaxLineBytes, lineBytes));
        head.text.clear();
    }
    return head;
}

} // namespace tidemark::io
