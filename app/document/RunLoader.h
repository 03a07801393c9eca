#pragma once

#include "engine/core/Scenario.h"
#include "engine/io/LoadResult.h"
#include "engine/player/Player.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace tidemark::app {

class GraphDocument;

// What a recording still to come will take, from how its memory has grown so far. What the player sets up
// before its first step (arrays of one entry per record) is resident by the first report and taken once: only
// the growth after it scales with the records still to come, or a 10M-record run would be judged by its
// set-up as if every 65,000 records took as much again.
class RecordingGrowth {
public:
    explicit RecordingGrowth(std::uint64_t residentAtStart)
        : m_atStart(residentAtStart)
    { }
    // The growth since the start so far, and the bytes the records still to come are projected to add; no
    // projection from the first report, which sets the baseline, nor before a record more has been taken.
    struct Projection {
        std::uint64_t grown = 0;
        std::optional<double> toCome;
    };
    Projection report(std::uint64_t resident, std::uint64_t done, std::uint64_t total);

private:
    std::uint64_t m_atStart = 0;
    std::optional<std::uint64_t> m_baseResident;
    std::uint64_t m_baseDone = 0;
};

// Reads a scenario with a large event file and records its run on a thread of its own, so that the window
// stays responsive, shows how far the load has got, and can stop it: cancel() ends the reading at its next
// 4 MiB chunk and the recording at its next Player::kProgressSteps steps. One load at a time; starting another
// cancels the one under way. A run that would not fit in the memory this machine has free is refused before
// it is read, with the command that streams it instead.
class RunLoader : public QObject {
    Q_OBJECT

public:
    // The kinds of lane a view reads first for a pipeline (the timeline's laneKindsDrawn), dealt out while the run
    // is recorded (Player::Options::lanesAhead); none given: each is dealt when first read.
    using LanesAhead = std::function<std::vector<LaneKind>(const PipelineConfig&)>;

    explicit RunLoader(QObject* parent = nullptr);
    RunLoader(LanesAhead lanesAhead, QObject* parent);
    ~RunLoader() override;

    // `path`: a scenario file; `documentPath`: what the opened document is saved to (empty for an example).
    void loadScenario(const QString& path, const QString& documentPath);
    // A scenario already read (an event file through the import dialog, `sourcePath`): only its run is
    // recorded here. The document has no file until it is saved.
    void recordScenario(Scenario scenario, const QString& sourcePath, io::SkippedLines skipped = {});
    void cancel();
    // Cancels and forgets the load under way at once (another document is being opened): it reports nothing
    // more, and cancelled() is emitted now.
    void abandon();
    bool isBusy() const { return m_busy; }

    struct Result {
        Result();
        ~Result(); // where GraphDocument is whole
        Result(Result&&) noexcept;
        Result& operator=(Result&&) noexcept;
        Scenario shell; // the scenario without its records, which `player` holds
        std::unique_ptr<Player> player;
        std::unique_ptr<GraphDocument> graph; // a job graph's run instead (`player` null, `shell` unused)
        QString documentPath;
        io::SkippedLines skipped; // bad lines of the event file, skipped by a lenient load
    };
    // After loaded(): the run, once.
    Result takeResult();

    // The free memory to judge by instead of the system's (tests); applies to the loads started after it.
    void assumeFreeMemory(std::uint64_t bytes) { m_assumedFree = bytes; }

    // The memory a recorded run of this many records needs (records, trace, snapshots), in bytes.
    static std::uint64_t recordedRunBytes(std::uint64_t records);

Q_SIGNALS:
    void started(const QString& fileName);
    // `what`: "Reading events.csv", "Recording the run"; percent of that phase, 0..100.
    void progressChanged(const QString& what, int percent);
    void loaded();
    void failed(const QString& message);
    void cancelled();

private:
    struct Job {
        std::uint64_t generation = 0;
        QString path; // the scenario file, or the event file `ready` was read from
        QString documentPath;
        bool isScenarioFile = false;
        std::optional<Scenario> ready;
        io::SkippedLines readySkipped; // the lines skipped reading `ready`
        std::optional<std::uint64_t> assumedFree;
    };
    void start(Job job);
    void run(Job job);
    // Posts to the GUI thread; dropped when a newer load has started since.
    template <class F> void post(std::uint64_t generation, F&& f);
    void join();

    std::optional<std::jthread> m_worker;
    std::atomic<bool> m_cancel {false};
    std::uint64_t m_generation = 0;
    bool m_busy = false;
    std::optional<std::uint64_t> m_assumedFree;
    const LanesAhead m_lanesAhead;
    std::optional<Result> m_result;
};

// The memory the system can give this process without swapping (Linux: MemAvailable), if known.
std::optional<std::uint64_t> availableMemoryBytes();

} // namespace tidemark::app
