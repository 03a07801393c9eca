#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Record.h"

#include <cstdio>
#include <string>

namespace tidemark::test {

// One record as text, to compare loads: "L<line> <key> ts=<ts> [v=<value>] [a=<arrival>] [ch=<channel>]", or
// "L<line> wm=<ts>" for a watermark. `withKey` false leaves the key out.
inline std::string recordText(const InputRecord& r, const KeyTable& keys, bool withKey = true)
{
    // Appended piece by piece: GCC 12 at -O3 misreports `"literal" + std::string` as an overlapping memcpy.
    std::string out = "L";
    out += std::to_string(r.sourceLine);
    if (r.isWatermark()) {
        out += " wm=";
        out += std::to_string(r.ts);
    } else {
        if (withKey) {
            out += ' ';
            out += r.key == kNoKey ? std::string("-") : keys.name(r.key);
        }
        out += " ts=";
        out += std::to_string(r.ts);
        if (r.hasValue) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", r.value);
            out += " v=";
            out += buf;
        }
    }
    if (r.arrival != InputRecord::kNoArrival) {
        out += " a=";
        out += std::to_string(r.arrival);
    }
    if (r.channel != InputRecord::kNoChannel) {
        out += " ch=";
        out += std::to_string(r.channel);
    }
    return out;
}

} // namespace tidemark::test
