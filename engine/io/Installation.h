#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io {

// What this build of Tidemark is and where its data lives. The build tree is laid out as an installation is
// (bin/tidemark beside share/tidemark/), so one rule finds the data from the executable wherever it runs:
// installed under any prefix, from a .deb, or straight from the build folder.

// The version CMake's project() names; --version, the About box, the metainfo and the package all print it.
std::string_view version();

// share/tidemark/examples, found from the running executable's folder.
std::filesystem::path examplesDirectory();

struct Example {
    std::filesystem::path path; // …/share/tidemark/examples/post000-parallelism3.json
    std::string name; // "post000-parallelism3": the file name without .json, as `tidemark run NAME` takes it
};
// The built-in example scenarios (the .json files there that are scenarios), sorted by name: the chains, which the
// app opens.
std::vector<Example> examples();
// share/tidemark/examples/graphs: the built-in job graphs (docs/job-graph.md), in a folder of their own so that
// what lists the chains (the app's menu) does not offer them.
std::filesystem::path graphExamplesDirectory();
std::vector<Example> graphExamples();
// The example a command line names, a chain or a job graph: "post002-allowed-lateness" or
// "orders-payments-window-join.json".
std::optional<std::filesystem::path> findExample(std::string_view name);

// share/tidemark/examples/comparisons: the built-in comparisons, in a folder of their own so that nothing that
// lists the examples takes them for scenarios. They name their scenarios as ../<example>.json.
std::filesystem::path comparisonsDirectory();
// The built-in comparisons (the .json files there), sorted by name: `tidemark compare NAME` takes the name.
std::vector<Example> comparisons();
// share/tidemark/examples/comparisons/graphs: the built-in comparisons of two job graphs (they name theirs as
// ../../graphs/<example>.json), apart so that the app's compare window, which opens chains, does not list them.
std::filesystem::path graphComparisonsDirectory();
std::vector<Example> graphComparisons();
// The comparison a command line names, of chains or of graphs: "post000-parallelism" or "post000-parallelism.json".
std::optional<std::filesystem::path> findComparison(std::string_view name);

} // namespace tidemark::io
