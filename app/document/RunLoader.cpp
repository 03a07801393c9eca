#include "app/document/RunLoader.h"

#include "app/document/GraphDocument.h"
#include "app/document/Loading.h"
#include "engine/io/ScenarioIo.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMetaObject>
#include <QStringList>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace tidemark::app {

namespace {

// A recorded run keeps, per record: the record, about 100 bytes of trace, the snapshots' automatic budget and
// the window's status byte; measured at 72 B of trace and snapshots per record in the benchmarks.
constexpr std::uint64_t kRecordedBytesPerRecord = sizeof(InputRecord) + 100 + Player::kSnapshotBytesPerRecord + 8;
// Refused when the run would take more than this share of the memory the system has free.
constexpr double kMemoryShare = 0.8;

// How many lines an event file has: counted in its first MiB, scaled to its size.
std::uint64_t estimatedLines(const std::filesystem::path& path, std::uint64_t size)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<char> head(std::size_t(1) << 20);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    const auto got = static_cast<std::uint64_t>(in.gcount());
    if (got == 0)
        return 0;
    const auto lines = static_cast<std::uint64_t>(std::count(head.data(), head.data() + got, '\n'));
    if (got >= size)
        return lines;
    return static_cast<std::uint64_t>(
        static_cast<double>(lines) * static_cast<double>(size) / static_cast<double>(got));
}

QString sizeText(std::uint64_t bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1);
}

// This process's resident memory (Linux), if known.
std::optional<std::uint64_t> residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size = 0;
    std::uint64_t resident = 0;
    if (!(statm >> size >> resident))
        return std::nullopt;
    return resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

// Why a file is not recorded, and how to run it streamed instead: the command for a scenario file, the
// option for an event file opened without one.
QString tooLarge(const QString& name, const QString& why, const QString& scenarioPath)
{
    QStringList parts {RunLoader::tr("%1 is too large to step through on this computer.").arg(name), why};
    if (scenarioPath.isEmpty()) {
        parts << RunLoader::tr("In a terminal, Tidemark runs it streamed, with the same outputs, in memory that "
                               "stays small: tidemark run --events FILE with the job's options (tidemark run --help).");
    } else {
        parts << RunLoader::tr(
            "In a terminal, Tidemark runs it streamed, with the same outputs, in memory that stays small:")
              << QStringLiteral("tidemark run \"%1\"").arg(QDir::toNativeSeparators(scenarioPath));
    }
    return parts.join(QStringLiteral("\n\n"));
}

} // namespace

std::optional<std::uint64_t> availableMemoryBytes()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string name;
    std::uint64_t kilobytes = 0;
    std::string unit;
    while (meminfo >> name >> kilobytes) {
        std::getline(meminfo, unit);
        if (name == "MemAvailable:")
            return kilobytes * 1024;
    }
    return std::nullopt;
}

RecordingGrowth::Projection RecordingGrowth::report(std::uint64_t resident, std::uint64_t done, std::uint64_t total)
{
    Projection p;
    p.grown = resident > m_atStart ? resident - m_atStart : 0;
    if (!m_baseResident) {
        m_baseResident = resident;
        m_baseDone = done;
        return p;
    }
    if (done <= m_baseDone || done > total)
        return p;
    const double since = resident > *m_baseResident ? static_cast<double>(resident - *m_baseResident) : 0.0;
    p.toCome = since * static_cast<double>(total - done) / static_cast<double>(done - m_baseDone);
    return p;
}

std::uint64_t RunLoader::recordedRunBytes(std::uint64_t records)
{
    return records * kRecordedBytesPerRecord;
}

RunLoader::RunLoader(QObject* parent)
    : QObject(parent)
{ }

RunLoader::RunLoader(LanesAhead lanesAhead, QObject* parent)
    : QObject(parent)
    , m_lanesAhead(std::move(lanesAhead))
{ }

RunLoader::~RunLoader()
{
    cancel();
    join();
}

void RunLoader::cancel()
{
    m_cancel = true;
}

RunLoader::Result::Result() = default;
RunLoader::Result::~Result() = default;
RunLoader::Result::Result(Result&&) noexcept = default;
RunLoader::Result& RunLoader::Result::operator=(Result&&) noexcept = default;

void RunLoader::abandon()
{
    if (!m_busy)
        return;
    cancel();
    ++m_generation; // what the worker still posts is dropped; it is joined by the next load or on exit
    m_busy = false;
    Q_EMIT cancelled();
}

void RunLoader::join()
{
    m_worker.reset(); // std::jthread joins
}

void RunLoader::loadScenario(const QString& path, const QString& documentPath)
{
    Job job;
    job.path = path;
    job.documentPath = documentPath;
    job.isScenarioFile = true;
    start(std::move(job));
}

void RunLoader::recordScenario(Scenario scenario, const QString& sourcePath, io::SkippedLines skipped)
{
    Job job;
    job.path = sourcePath;
    job.ready = std::move(scenario);
    job.readySkipped = std::move(skipped);
    start(std::move(job));
}

void RunLoader::start(Job job)
{
    cancel();
    join(); // the load under way stops at its next chunk or its next steps
    m_cancel = false;
    m_result.reset();
    job.generation = ++m_generation;
    job.assumedFree = m_assumedFree;
    m_busy = true;
    const QString name = QFileInfo(job.path).fileName();
    m_worker.emplace([this, job = std::move(job)]() mutable { run(std::move(job)); });
    Q_EMIT started(name);
}

RunLoader::Result RunLoader::takeResult()
{
    Result r = std::move(*m_result);
    m_result.reset();
    return r;
}

template <class F> void RunLoader::post(std::uint64_t generation, F&& f)
{
    QMetaObject::invokeMethod(
        this,
        [this, generation, f = std::forward<F>(f)]() mutable {
            if (generation == m_generation)
                f();
        },
        Qt::QueuedConnection);
}

void RunLoader::run(Job job)
{
    const std::uint64_t generation = job.generation;
    const QString& path = job.path;
    const auto freeMemory = [&] { return job.assumedFree ? job.assumedFree : availableMemoryBytes(); };
    // The last message of a load also lets the GUI thread join this thread.
    const auto finish = [this, generation](auto&& then) {
        post(generation, [this, then = std::forward<decltype(then)>(then)]() mutable {
            join();
            m_busy = false;
            then();
        });
    };
    const auto fail = [&](const QString& message) { finish([this, message] { Q_EMIT failed(message); }); };
    const auto stopped = [&] { finish([this] { Q_EMIT cancelled(); }); };
    const auto refuseWhenTooLarge = [&](std::uint64_t records, bool estimated) {
        const auto available = freeMemory();
        const std::uint64_t needed = recordedRunBytes(records);
        if (!available || static_cast<double>(needed) <= kMemoryShare * static_cast<double>(*available))
            return false;
        const QString count = QLocale().toString(static_cast<qulonglong>(records));
        fail(tooLarge(QFileInfo(path).fileName(),
            (estimated ? tr("It has about %1 records; recording its run to step through it needs about %2 of memory, "
                            "and this computer has %3 free.")
                       : tr("It has %1 records; recording its run to step through it needs about %2 of memory, and "
                            "this computer has %3 free."))
                .arg(count, sizeText(needed), sizeText(*available)),
            job.isScenarioFile ? path : QString()));
        return true;
    };

    Scenario scenario;
    io::SkippedLines skipped;
    if (job.ready) {
        scenario = std::move(*job.ready);
        skipped = std::move(job.readySkipped);
    } else {
        // As `tidemark run PATH` reads it: the scenario, then its event file with the job's record rules.
        const std::filesystem::path file(path.toStdString());
        io::Loaded<Scenario> parsed = io::loadScenarioFileWithoutInput(file, true);
        if (!parsed)
            return fail(errorsText(parsed.errors));
        if (const auto& input = parsed.value->inputFile) {
            const std::filesystem::path events = file.parent_path() / input->file;
            std::error_code ec;
            const auto size = std::filesystem::file_size(events, ec);
            if (!ec && refuseWhenTooLarge(estimatedLines(events, size), true))
                return;
        }
        const QString eventsName = parsed.value->inputFile
            ? QFileInfo(QString::fromStdString(parsed.value->inputFile->file)).fileName()
            : QFileInfo(path).fileName();
        io::LoadOptions options;
        options.maxReportedErrors = io::kListedBadLines;
        options.cancelled = [this] { return m_cancel.load(); };
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            const int percent = total > 0 ? static_cast<int>(100 * done / total) : 0;
            const QString what = tr("Reading %1").arg(eventsName);
            post(generation, [this, what, percent] { Q_EMIT progressChanged(what, percent); });
        };
        if (parsed.value->graph) { // its sources read their event files as it is parsed
            options.jobGraphs = true;
            parsed = io::loadScenarioFile(file, options);
        } else {
            parsed = io::loadScenarioInput(std::move(*parsed.value), file.parent_path(), options);
        }
        if (m_cancel)
            return stopped();
        if (!parsed)
            return fail(errorsText(parsed.errors));
        skipped = parsed.skipped();
        scenario = std::move(*parsed.value);
    }
    if (scenario.graph) {
        // a job graph: its run recorded at once (GraphRun reports no progress and cannot be stopped midway)
        std::size_t records = 0;
        for (const GraphSource& source : scenario.graph->sources)
            records += source.records.size();
        if (refuseWhenTooLarge(records, false))
            return;
        post(generation, [this] { Q_EMIT progressChanged(tr("Recording the run"), 0); });
        auto result = std::make_shared<Result>();
        result->documentPath = job.documentPath;
        result->skipped = std::move(skipped);
        try {
            const TimeFormatter times = scenarioTimes(scenario);
            result->graph = std::make_unique<GraphDocument>(std::move(scenario), times);
        } catch (const std::exception& e) {
            return fail(QString::fromStdString(e.what())); // the engine refuses the job as Flink would
        }
        if (m_cancel)
            return stopped();
        finish([this, result] {
            m_result = std::move(*result);
            Q_EMIT loaded();
        });
        return;
    }
    if (refuseWhenTooLarge(scenario.records.size(), false))
        return;

    // The Session keeps the scenario without its records (the player holds them): copied before they move.
    std::vector<InputRecord> records = std::move(scenario.records);
    auto result = std::make_shared<Result>();
    result->shell = scenario;
    result->documentPath = job.documentPath;
    result->skipped = std::move(skipped);
    scenario.records = std::move(records);
    // What the recording takes is watched as it grows: periodic emissions far apart from the records can make
    // a run many times the steps of its records, which no estimate from the file sees.
    const std::optional<std::uint64_t> residentAtStart = residentBytes();
    RecordingGrowth growth(residentAtStart.value_or(0));
    std::optional<QString> outgrown;
    Player::Options playerOptions;
    if (m_lanesAhead)
        playerOptions.lanesAhead = m_lanesAhead(scenario.pipeline);
    playerOptions.progress = [&](std::size_t done, std::size_t total) {
        const int percent = total > 0 ? static_cast<int>(100 * done / total) : 0;
        post(generation, [this, percent] { Q_EMIT progressChanged(tr("Recording the run"), percent); });
        const auto resident = residentBytes();
        const auto available = freeMemory();
        const RecordingGrowth::Projection projected
            = residentAtStart && resident ? growth.report(*resident, done, total) : RecordingGrowth::Projection {};
        if (projected.toCome && available) {
            const double grown = static_cast<double>(projected.grown);
            const double toCome = *projected.toCome;
            if (toCome > kMemoryShare * static_cast<double>(*available)) {
                outgrown = tooLarge(QFileInfo(path).fileName(),
                    tr("Its recorded run had taken %1 of memory after %2 of its %3 records, and would need about %4 "
                       "more; this computer has %5 free.")
                        .arg(sizeText(static_cast<std::uint64_t>(grown)),
                            QLocale().toString(static_cast<qulonglong>(done)),
                            QLocale().toString(static_cast<qulonglong>(total)),
                            sizeText(static_cast<std::uint64_t>(toCome)), sizeText(*available)),
                    job.isScenarioFile ? path : QString());
                return false;
            }
        }
        return !m_cancel.load();
    };
    try {
        result->player = std::make_unique<Player>(std::move(scenario), playerOptions);
    } catch (const Player::RunCancelled&) {
        if (outgrown)
            return fail(*outgrown);
        return stopped();
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what())); // the engine refuses the job as Flink would
    }
    finish([this, result] {
        m_result = std::move(*result);
        Q_EMIT loaded();
    });
}

} // namespace tidemark::app
