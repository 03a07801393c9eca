#include "ScenarioDifference.h"

#include "engine/io/ScenarioSchema.h"

namespace tidemark::test {

std::optional<std::string> scenarioDifference(const Scenario& a, const Scenario& b)
{
    return io::schema::difference(io::schema::scenario(), a, b, "");
}

} // namespace tidemark::test
