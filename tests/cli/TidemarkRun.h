#pragma once

#include "engine/cli/RunCommand.h"

#include <QStringList>

#include <sstream>
#include <string>
#include <vector>

namespace tidemark::test {

// What `tidemark run ARGUMENTS…` printed, through the function the executable dispatches `run` to.
struct TidemarkRun {
    int exitCode = 0;
    QStringList out; // stdout, one entry a line
    QString err;
};

inline TidemarkRun tidemarkRun(const QStringList& arguments)
{
    std::vector<std::string> storage {"tidemark", "run"};
    for (const QString& a : arguments)
        storage.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& s : storage)
        argv.push_back(s.data());
    std::ostringstream out;
    std::ostringstream err;
    TidemarkRun r;
    r.exitCode = cli::runCommand(int(argv.size()), argv.data(), out, err);
    r.out = QString::fromStdString(out.str()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    r.err = QString::fromStdString(err.str());
    return r;
}

} // namespace tidemark::test
