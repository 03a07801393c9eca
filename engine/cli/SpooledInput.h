#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tidemark::cli {

// An events input that can be read only once: standard input (`--events -`), a pipe, a FIFO, a
// character device. It is copied once, as it arrives, into a temporary regular file, so that the layout
// can be guessed from its first lines and the records then read from the start, and a large input is
// streamed as a file is. Messages keep naming the input as given ("stdin", "/dev/stdin"). The copy is
// removed when this goes.
class SpooledInput {
public:
    // Whether `events` must be spooled: "-" or anything that exists and is not a regular file or a folder.
    static bool needed(const std::string& events);
    // Reads the input to its end into a temporary file; nullopt with `error` set when it cannot.
    static std::optional<SpooledInput> spool(const std::string& events, std::string& error);

    SpooledInput(SpooledInput&& other) noexcept;
    SpooledInput& operator=(SpooledInput&& other) noexcept;
    SpooledInput(const SpooledInput&) = delete;
    SpooledInput& operator=(const SpooledInput&) = delete;
    ~SpooledInput();

    const std::filesystem::path& path() const { return m_path; } // the copy
    const std::string& name() const { return m_name; } // the input as messages name it

private:
    SpooledInput(std::filesystem::path path, std::string name);
    void remove();

    std::filesystem::path m_path;
    std::string m_name;
};

} // namespace tidemark::cli
