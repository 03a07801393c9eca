// `tidemark run …` is dispatched before anything else exists, so it needs no display.
#include "engine/cli/RunCommand.h"

#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc >= 2 && std::strcmp(argv[1], "run") == 0)
        return tidemark::cli::runCommand(argc, argv);
    if (argc >= 2 && argv[1][0] == '-') {
        std::vector<char*> help {argv[0], const_cast<char*>("--help")};
        return tidemark::cli::runCommand(static_cast<int>(help.size()), help.data());
    }
    // Until the desktop window lands: play the given scenario, or the built-in post 000 example, headlessly.
    std::string scenario = argc >= 2 ? argv[1] : TIDEMARK_DEFAULT_EXAMPLE;
    std::vector<char*> args {argv[0], const_cast<char*>("run"), scenario.data(), const_cast<char*>("--explain")};
    return tidemark::cli::runCommand(static_cast<int>(args.size()), args.data());
}
