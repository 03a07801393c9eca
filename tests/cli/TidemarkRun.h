#pragma once

#include "engine/cli/RunCommand.h"

#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tidemark::test {

// Files a test writes for `tidemark run` to read, in a folder of its own that goes with it.
class ScratchFiles {
public:
    // The file's path, or empty when it could not be written.
    QString write(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path;
    }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

// What `tidemark run ARGUMENTS…` printed, through the function the executable dispatches `run` to.
struct TidemarkRun {
    int exitCode = 0;
    QStringList out; // stdout, one entry a line
    QString err;
};

// What `tidemark VERB ARGUMENTS…` printed, through `command`, the function the executable dispatches VERB to.
inline TidemarkRun tidemarkCommand(
    const char* verb, int (*command)(int, char**, std::ostream&, std::ostream&), const QStringList& arguments)
{
    std::vector<std::string> storage {"tidemark", verb};
    for (const QString& a : arguments)
        storage.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& s : storage)
        argv.push_back(s.data());
    std::ostringstream out;
    std::ostringstream err;
    TidemarkRun r;
    r.exitCode = command(int(argv.size()), argv.data(), out, err);
    r.out = QString::fromStdString(out.str()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    r.err = QString::fromStdString(err.str());
    return r;
}

inline TidemarkRun tidemarkRun(const QStringList& arguments)
{
    return tidemarkCommand("run", cli::runCommand, arguments);
}

// The same with `input` on standard input, through a pipe (written by a thread, as a shell pipe would).
inline TidemarkRun tidemarkRunWithStdin(const QStringList& arguments, const QByteArray& input)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return {-1, {}, QStringLiteral("no pipe")};
    std::thread writer([fd = fds[1], input] {
        qsizetype done = 0;
        while (done < input.size()) {
            const ssize_t n = ::write(fd, input.constData() + done, std::size_t(input.size() - done));
            if (n <= 0)
                break;
            done += n;
        }
        ::close(fd);
    });
    std::fflush(stdin);
    const int saved = ::dup(STDIN_FILENO);
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    std::clearerr(stdin);
    TidemarkRun r = tidemarkRun(arguments);
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    std::clearerr(stdin);
    writer.join();
    return r;
}

} // namespace tidemark::test
