#pragma once

// The words `tidemark run`'s flags are read and answered with, shared by reading the flags (RunOptions.cpp) and
// applying them to a scenario (ApplyRunOptions.cpp).

#include "engine/core/PipelineConfig.h"
#include "engine/io/ScenarioNames.h"
#include "engine/io/Suggest.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tidemark::cli::detail {

inline std::string excerpt(std::string_view s)
{
    return io::detail::quotedExcerpt(s, 60);
}

struct Unit {
    std::string_view name;
    std::int64_t ms;
};
inline constexpr std::array<Unit, 5> kUnits {
    {{"ms", 1}, {"s", 1000}, {"min", 60'000}, {"h", 3'600'000}, {"d", 86'400'000}}};

template <class E> using Named = io::EnumName<E>;

inline constexpr const auto& kStrategies = io::kStrategies;
inline constexpr const auto& kEmits = io::kEmits;
inline constexpr const auto& kPartitionings = io::kPartitionings;
inline constexpr const auto& kFormats = io::kFormats;
inline constexpr const auto& kTsUnits = io::kUnits;
inline constexpr const auto& kEndOfInputs = io::kEndOfInputs;
inline constexpr const auto& kFunctions = io::kFunctions;
inline constexpr std::array<Named<TriggerSpec::Type>, 7> kTriggers {{
    {TriggerSpec::Type::Default, "default"},
    {TriggerSpec::Type::EventTime, "event-time"},
    {TriggerSpec::Type::ProcessingTime, "processing-time"},
    {TriggerSpec::Type::Count, "count:N"},
    {TriggerSpec::Type::ContinuousEventTime, "continuous-event-time:INTERVAL"},
    {TriggerSpec::Type::Never, "never"},
    {TriggerSpec::Type::EndOfStream, "end-of-stream"},
}};

// "a, b or c"
template <class E, std::size_t N> std::string alternatives(const std::array<Named<E>, N>& names)
{
    std::string s;
    for (std::size_t i = 0; i < N; ++i) {
        s += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
        s += names[i].name;
    }
    return s;
}

// "; did you mean X?" for a typo (at most 2 edits, fewer than the word's length) or the start of a name.
inline std::string suggestion(std::string_view text, std::span<const std::string_view> words)
{
    std::string_view best;
    std::size_t bestDistance = 3;
    for (const std::string_view w : words) {
        const std::string_view name = w.substr(0, w.find(':'));
        if (text.size() >= 3 && name.starts_with(text))
            return "; did you mean " + std::string(w) + "?";
        const std::size_t d = io::detail::editDistance(text, name);
        if (d < bestDistance && d < text.size()) {
            bestDistance = d;
            best = w;
        }
    }
    return best.empty() ? std::string() : "; did you mean " + std::string(best) + "?";
}

template <class E, std::size_t N>
std::optional<E> lookup(std::string_view text, const std::array<Named<E>, N>& names, std::string* error)
{
    std::array<std::string_view, N> words;
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i].name == text)
            return names[i].value;
        words[i] = names[i].name;
    }
    *error = "expected " + alternatives(names) + ", found " + excerpt(text) + suggestion(text, words);
    return std::nullopt;
}

inline std::optional<std::int64_t> parseInteger(std::string_view text)
{
    std::int64_t v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size() || text.empty())
        return std::nullopt;
    return v;
}

inline bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace tidemark::cli::detail
