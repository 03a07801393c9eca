#include "engine/io/Suggest.h"

#include "engine/core/JsonText.h"

#include <algorithm>
#include <vector>

namespace tidemark::io::detail {

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1]))
                == std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string_view closestWord(std::string_view word, std::span<const std::string_view> candidates)
{
    std::string_view best;
    std::size_t bestDistance = static_cast<std::size_t>(-1);
    std::size_t bestShared = 0;
    // Unknown keys are short; cap the work for absurdly long ones (fuzzed input).
    const std::string_view probe = word.substr(0, 64);
    for (const auto c : candidates) {
        const std::size_t d = editDistance(probe, c);
        // Ties go to the candidate sharing more of its start and end ("gapMs" is nearer "sizeMs" than "type").
        std::size_t shared = 0;
        while (shared < probe.size() && shared < c.size() && probe[shared] == c[shared])
            ++shared;
        for (std::size_t k = 1; k <= std::min(probe.size(), c.size()) && probe[probe.size() - k] == c[c.size() - k];
             ++k)
            ++shared;
        if (d < bestDistance || (d == bestDistance && shared > bestShared)) {
            bestDistance = d;
            bestShared = shared;
            best = c;
        }
    }
    return best;
}

std::string quotedExcerpt(std::string_view s, std::size_t maxChars)
{
    // Cut at a character boundary so that the message stays valid UTF-8.
    std::size_t chars = 0;
    std::size_t cut = 0;
    while (cut < s.size() && chars < maxChars) {
        ++cut;
        while (cut < s.size() && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
            ++cut;
        ++chars;
    }
    std::string out = jsonString(s.substr(0, cut));
    if (cut < s.size())
        out.insert(out.size() - 1, "…");
    return out;
}

} // namespace tidemark::io::detail
