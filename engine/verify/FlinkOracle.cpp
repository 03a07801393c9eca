#include "engine/verify/FlinkOracle.h"

#include "engine/core/NumberText.h"
#include "engine/io/Installation.h"
#include "engine/io/JsonTree.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tidemark::verify {

namespace fs = std::filesystem;

fs::path installedOracleJar(FlinkVersion line)
{
    return io::examplesDirectory().parent_path() / "flink-oracle" / ("flink-" + line.name()) / "flink-oracle.jar";
}

std::optional<fs::path> findJava()
{
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "/usr/bin:/bin";
    while (!dirs.empty()) {
        const std::size_t colon = dirs.find(':');
        const fs::path candidate = fs::path(std::string(dirs.substr(0, colon))) / "java";
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
    }
    return std::nullopt;
}

std::string javaMissingMessage()
{
    return "checking with Flink needs Java 17, and there is no java on PATH: install a Java 17 runtime (Debian: sudo "
           "apt install openjdk-17-jre-headless) and try again";
}

ProcessResult runProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout)
{
    ProcessResult r;
    int outPipe[2];
    int errPipe[2];
    if (::pipe(outPipe) != 0 || ::pipe(errPipe) != 0) {
        r.error = std::string("cannot make a pipe: ") + std::strerror(errno);
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, outPipe[0]);
    posix_spawn_file_actions_addclose(&actions, errPipe[0]);
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (spawned != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        r.error = argv.front() + ": cannot start it: " + std::strerror(spawned);
        return r;
    }
    r.started = true;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&r.out, &r.err};
    int open = 2;
    while (open > 0) {
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            r.timedOut = true;
            ::kill(pid, SIGKILL);
            break;
        }
        if (::poll(fds, 2, int(std::min<long long>(left.count(), 1000))) < 0 && errno != EINTR)
            break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
                continue;
            char buf[65536];
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, std::size_t(n));
            } else if (n == 0 || errno != EINTR) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    for (pollfd& f : fds) {
        if (f.fd >= 0)
            ::close(f.fd);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    if (r.err.size() > 8192)
        r.err.erase(0, r.err.size() - 8192); // the end says what went wrong
    return r;
}

namespace {

// A number as its exact value: an integer within a long as the long it is (a double would make 1538359884000 and
// 1538359883999 the same), any other as its double in the one spelling Tidemark prints (formatNumber: an integral
// double within a long as that integer, so that Java's "7.0" is Tidemark's "7"; else the shortest digits that read
// back to it, which tell every double apart).
std::string exactNumber(const io::detail::JsonNode& n)
{
    using NumberKind = io::detail::JsonNode::NumberKind;
    switch (n.numberKind) {
    case NumberKind::Int64:
        return std::to_string(n.int64);
    case NumberKind::UInt64:
        if (n.uint64 <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::to_string(n.uint64);
        break; // beyond a long only a double is printed: "9223372036854776000" is 2^63 as Java spells it
    case NumberKind::OutOfRange:
        return n.text; // beyond a double: only the same text is the same number
    case NumberKind::Double:
        break;
    }
    return formatNumber(n.number);
}

void writeComparable(const io::detail::JsonNode& n, std::string& out)
{
    using Kind = io::detail::JsonNode::Kind;
    switch (n.kind) {
    case Kind::Null:
        out += "null";
        break;
    case Kind::Bool:
        out += n.boolean ? "true" : "false";
        break;
    case Kind::Number:
        out += exactNumber(n);
        break;
    case Kind::String:
        out += '"' + n.text + '"';
        break;
    case Kind::Array:
        out += '[';
        for (std::size_t i = 0; i < n.items.size(); ++i) {
            if (i)
                out += ',';
            writeComparable(n.items[i], out);
        }
        out += ']';
        break;
    case Kind::Object:
        out += '{';
        for (std::size_t i = 0; i < n.items.size(); ++i) {
            if (i)
                out += ',';
            out += '"' + n.keys[i].name + "\":";
            writeComparable(n.items[i], out);
        }
        out += '}';
        break;
    }
}

// A chain's fires and late records, or any output of a job graph's operator (which names the operator first).
bool isOutput(const std::string& line)
{
    return line.starts_with("{\"type\":\"fire\"") || line.starts_with("{\"type\":\"late\"")
        || line.starts_with("{\"operator\":");
}

} // namespace

std::string comparableOutput(const std::string& line)
{
    const auto parsed = io::detail::parseJsonTree(line);
    if (!parsed.ok)
        return line;
    std::string out;
    writeComparable(parsed.root, out);
    return out;
}

std::size_t OutputAgreement::agreedCount() const
{
    return std::size_t(std::count(agreed.begin(), agreed.end(), true));
}

OutputAgreement compareOutputs(const std::vector<std::string>& tidemark, const std::vector<std::string>& flink)
{
    // afterInput is part of each line, so equal comparable forms are equal outputs of the same step.
    std::multimap<std::string, std::size_t> unmatched; // Flink's outputs not matched yet, by comparable form
    for (std::size_t i = 0; i < flink.size(); ++i) {
        if (isOutput(flink[i]))
            unmatched.emplace(comparableOutput(flink[i]), i);
    }
    OutputAgreement a;
    for (const std::string& line : tidemark) {
        if (!isOutput(line))
            continue;
        const auto it = unmatched.find(comparableOutput(line));
        a.agreed.push_back(it != unmatched.end());
        if (it != unmatched.end())
            unmatched.erase(it);
    }
    std::vector<std::size_t> rest;
    for (const auto& [form, index] : unmatched)
        rest.push_back(index);
    std::sort(rest.begin(), rest.end());
    for (const std::size_t i : rest)
        a.flinkOnly.push_back(flink[i]);
    return a;
}

} // namespace tidemark::verify
