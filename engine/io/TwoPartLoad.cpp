#include "engine/io/TwoPartLoad.h"

#include "engine/io/ByteSource.h"
#include "engine/io/EventLoader.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <system_error>
#include <thread>

namespace tidemark::io::detail {

Loaded<EventFileContents> trimmed(Loaded<EventFileContents> loaded)
{
    if (loaded.value) {
        if (auto& records = loaded.value->records; records.capacity() > records.size() + records.size() / 4 + 1024)
            records.shrink_to_fit();
    }
    return loaded;
}

bool worthTwoParts(std::uint64_t total, const LoadOptions& options)
{
    return options.twoPartsFromBytes == 0
        || (total >= options.twoPartsFromBytes && std::thread::hardware_concurrency() >= 2);
}

Loaded<EventFileContents> loadInTwoParts(const std::string& name, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, std::uint64_t total, std::uint64_t split,
    ByteSource& firstSource, ByteSource& secondSource)
{
    std::atomic<bool> stop {false};
    std::atomic<std::uint64_t> firstBytes {0}, secondBytes {0};
    LoadOptions firstOptions = options;
    if (options.progress) {
        firstOptions.progress = [&](std::uint64_t done, std::uint64_t) {
            firstBytes = done;
            options.progress(done + secondBytes, total);
        };
    }
    // The second part answers to this thread only: the caller's callbacks are called from where it called.
    LoadOptions secondOptions = options;
    secondOptions.progress = [&](std::uint64_t done, std::uint64_t) { secondBytes = done; };
    secondOptions.cancelled = [&] { return stop.load(); };

    KeyTable secondKeys;
    EventLoader first(name, spec, keys, firstOptions, rules, nullptr);
    EventLoader second(name, spec, secondKeys, secondOptions, rules, nullptr);
    std::future<Loaded<EventFileContents>> secondRun;
    // Stops and waits for the second part however this function leaves (it refers to what is declared above).
    struct Stopper {
        std::atomic<bool>& stop;
        std::future<Loaded<EventFileContents>>& run;
        ~Stopper()
        {
            stop = true;
            if (run.valid())
                run.wait();
        }
    } stopper {stop, secondRun};
    first.whenHeaderDecided([&] {
        second.continueAfter(first);
        try {
            secondRun = std::async(std::launch::async, [&] { return second.run(secondSource, total - split); });
        } catch (const std::system_error&) {
            // no thread to be had: the second part is read after the first, on this one
        }
    });
    Loaded<EventFileContents> result = first.run(firstSource, total);
    if (!result.value)
        return result; // a strict load stopped in the first part: the second was never reached
    // The first part is the smaller (kFirstPartShare): while the second is still read, the room for its records
    // is written once here (as many records per byte as the first part had, within the room set aside), so
    // that its pages are faulted in now rather than by the copy after.
    std::vector<InputRecord>& records = result.value->records;
    const std::size_t firstRecords = records.size();
    const double perByte = static_cast<double>(firstRecords) / static_cast<double>(split);
    records.resize(std::max(firstRecords,
        std::min(records.capacity(),
            firstRecords + static_cast<std::size_t>(perByte * static_cast<double>(total - split)))));
    Loaded<EventFileContents> rest;
    if (secondRun.valid()) {
        while (secondRun.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
            if (options.cancelled && options.cancelled())
                stop = true;
            if (options.progress)
                options.progress(firstBytes + secondBytes, total);
        }
        rest = secondRun.get();
        if (options.progress)
            options.progress(firstBytes + secondBytes, total); // the last word on it, as a whole load's
    } else {
        // No line of the first part said whether there is a header (the second part reads it), or no thread
        // could be started: the second part is read after the first.
        second.continueAfter(first);
        rest = second.run(secondSource, total - split);
    }

    // The second part's keys take ids after the first part's, in the order they first appear.
    std::vector<KeyId> ids(secondKeys.size());
    for (KeyId k = 0; k < ids.size(); ++k)
        ids[k] = keys.intern(std::span<const std::string>(secondKeys.fields(k)));
    const std::uint32_t linesBefore = first.lineNumber();
    result.skippedLines += rest.skippedLines;
    for (LoadError& e : rest.errors) {
        if (e.where.line != 0)
            e.where.line += linesBefore;
        if (!rest.value || result.errors.size() < options.maxReportedErrors)
            result.errors.push_back(std::move(e));
    }
    if (!rest.value) {
        result.value.reset();
        return result;
    }
    EventFileContents& all = *result.value;
    const std::vector<InputRecord>& tail = rest.value->records;
    records.resize(firstRecords + tail.size()); // the room made above, trimmed or (rarely) grown
    const auto join = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            InputRecord r = tail[i];
            if (r.key != kNoKey)
                r.key = ids[r.key];
            r.sourceLine += linesBefore;
            records[firstRecords + i] = r;
        }
    };
    // A second part of more than a few megabytes of records is joined in two halves at once: this copy is the one
    // part of the load that no other work overlaps, and starting a thread costs less than copying 64K records.
    constexpr std::size_t kJoinInHalvesFrom = std::size_t(1) << 16;
    const std::size_t half = tail.size() / 2;
    std::future<void> firstHalf;
    if (tail.size() >= kJoinInHalvesFrom) {
        try {
            firstHalf = std::async(std::launch::async, join, 0, half);
        } catch (const std::system_error&) {
            // no thread to be had: joined whole below
        }
    }
    join(firstHalf.valid() ? half : 0, tail.size());
    if (firstHalf.valid())
        firstHalf.get();
    all.bytes += rest.value->bytes;
    all.lines += rest.value->lines;
    all.headerSkipped = all.headerSkipped || rest.value->headerSkipped;
    return result;
}

std::uint64_t splitAfterLineEnd(std::string_view text, std::uint64_t from)
{
    const auto at = text.find('\n', static_cast<std::size_t>(from));
    return at == std::string_view::npos || at + 1 >= text.size() ? 0 : at + 1;
}

} // namespace tidemark::io::detail
