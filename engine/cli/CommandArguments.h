#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

namespace tidemark::cli {

// The arguments of `tidemark VERB …` after the verb: argv[1] is the verb when main dispatches it, and tests may
// leave it out.
inline std::vector<std::string_view> argumentsAfter(std::string_view verb, int argc, char** argv)
{
    int first = std::min(argc, 1);
    if (argc > 1 && std::string_view(argv[1]) == verb)
        first = 2;
    return {argv + first, argv + argc};
}

} // namespace tidemark::cli
