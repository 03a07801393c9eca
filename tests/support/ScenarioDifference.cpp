#include "ScenarioDifference.h"

#include "engine/io/ScenarioSchema.h"

namespace tidemark::test {

std::optional<std::string> scenarioDifference(const Scenario& a, const Scenario& b)
{
    if (a.graph.has_value() != b.graph.has_value())
        return std::string(a.graph ? "a job graph vs a chain" : "a chain vs a job graph");
    return io::schema::difference(a.graph ? io::schema::graphScenario() : io::schema::scenario(), a, b, "");
}

} // namespace tidemark::test
