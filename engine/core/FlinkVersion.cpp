#include "engine/core/FlinkVersion.h"

#include "engine/core/PipelineConfig.h"

#include <charconv>

namespace tidemark {

namespace {

// A non-negative decimal number at the front of text, consumed.
std::optional<int> number(std::string_view& text)
{
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc {} || end == text.data() || value < 0)
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return value;
}

bool dot(std::string_view& text)
{
    if (text.empty() || text.front() != '.')
        return false;
    text.remove_prefix(1);
    return true;
}

} // namespace

std::optional<FlinkVersion> FlinkVersion::parse(std::string_view text)
{
    const auto major = number(text);
    if (!major || !dot(text))
        return std::nullopt;
    const auto minor = number(text);
    if (!minor)
        return std::nullopt;
    if (!text.empty() && !(dot(text) && number(text) && text.empty()))
        return std::nullopt;
    const FlinkVersion v {*major, *minor};
    for (const FlinkVersion& s : kSupportedFlinkVersions) {
        if (s == v)
            return v;
    }
    return std::nullopt;
}

std::string FlinkVersion::supportedNames()
{
    std::string names;
    const std::size_t n = std::size(kSupportedFlinkVersions);
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0)
            names += i + 1 == n ? " or " : ", ";
        names += "\"" + kSupportedFlinkVersions[i].name() + "\"";
    }
    return names;
}

std::optional<std::string> refusedByFlinkVersion(const PipelineConfig& pipeline)
{
    const AssignerSpec& a = pipeline.window.assigner;
    if (pipeline.flinkVersion >= FlinkVersion {2, 0} && a.type == AssignerSpec::Type::Sliding
        && a.timeDomain == TimeDomain::Event && a.slideMs > 0 && a.sizeMs / a.slideMs > kSlidingMaxWindowNum) {
        return "SlidingEventTimeWindows parameters must satisfy size / slide <= " + std::to_string(kSlidingMaxWindowNum)
            + ", found size " + std::to_string(a.sizeMs) + " ms and slide " + std::to_string(a.slideMs) + " ms (Flink "
            + pipeline.flinkVersion.name() + " refuses the job; choose a longer slide or a shorter size)";
    }
    return std::nullopt;
}

} // namespace tidemark
