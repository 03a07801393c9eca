#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/Keys.h"
#include "engine/core/Record.h"
#include "engine/io/LoadResult.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace tidemark::app {

// The import dialog's read of the whole event file with the mapping as set, on a thread of its own so that the
// dialog stays responsive on a large file: every record, and every bad line (skipped, the first
// io::kListedBadLines listed). A new mapping cancels the scan under way; Open takes the result of a finished
// scan of the same mapping instead of reading the file again.
class EventFileScan : public QObject {
    Q_OBJECT

public:
    struct Result {
        InputFileSpec spec; // the mapping it was read with
        KeyTable keys;
        std::vector<InputRecord> records;
        io::SkippedLines skipped;
        QString error; // the file could not be read at all (gone, unreadable, a line over the limit)
    };

    explicit EventFileScan(QObject* parent = nullptr);
    ~EventFileScan() override;

    // Reads `path` with `spec`, forgetting any earlier scan.
    void start(const QString& path, const InputFileSpec& spec);
    bool isRunning() const { return m_running; }
    // The finished scan, if it read the file with `spec`.
    const Result* resultFor(const InputFileSpec& spec) const;
    // Its records and keys, moved out (Open).
    std::optional<Result> takeResultFor(const InputFileSpec& spec);

Q_SIGNALS:
    void progressed(int percent);
    void finished();

private:
    void stop();

    std::uint64_t m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::thread m_thread;
    bool m_running = false;
    std::optional<Result> m_result;
};

} // namespace tidemark::app
