#include "app/document/Session.h"

#include "app/Translations.h"
#include "app/document/Loading.h"

#include "engine/cli/OutputFormat.h"
#include "engine/io/EventFile.h"
#include "engine/io/ScenarioIo.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace tidemark::app {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

Session::Session(QObject* parent)
    : QObject(parent)
{ }

Session::~Session() = default;

void Session::seek(int step)
{
    if (!m_player)
        return;
    m_player->seek(static_cast<StepIndex>(std::max(step, 0)));
    refreshCurrent();
}

const StepDetail& Session::detail() const
{
    static const StepDetail empty;
    return m_player ? m_player->currentDetail() : empty;
}

void Session::refreshCurrent()
{
    m_state = m_player->state();
    m_narration = m_narrator->narrate(m_player->currentDetail(), m_player->trace());
}

QString Session::narrationText() const
{
    QStringList lines;
    for (const auto& s : m_narration.sentences)
        lines << qs(s.text);
    return lines.join(QLatin1Char('\n'));
}

RecordStatus Session::recordStatus(RecordIndex r) const
{
    if (r >= m_finalStatus.size())
        return RecordStatus::Pending;
    const StepIndex arrived = arrivalStep(r);
    if (m_finalStatus[r] == RecordStatus::Watermark)
        return RecordStatus::Watermark;
    if (arrived == kNoStep || int(arrived) > currentStep())
        return RecordStatus::Pending;
    return m_finalStatus[r];
}

StepIndex Session::arrivalStep(RecordIndex r) const
{
    const auto placements = trace().placements();
    return r < placements.size() ? placements[r].arrivalStep : kNoStep;
}

QString Session::keyName(KeyId key) const
{
    if (key == kNoKey)
        return tr("(all)");
    return qs(scenario().keys.name(key));
}

Timestamp Session::operatorWatermark() const
{
    if (m_state.subtasks.empty())
        return kMinTimestamp;
    Timestamp wm = kMaxTimestamp;
    for (const auto& s : m_state.subtasks)
        wm = std::min(wm, s.watermark);
    return wm;
}

QString Session::formatTime(Timestamp t) const
{
    return qs(m_format.timestamp(t));
}
QString Session::formatDateTime(Timestamp t) const
{
    return qs(m_format.dateTime(t));
}
QString Session::formatWindow(const TimeWindow& w) const
{
    if (w.isGlobal())
        return tr("GlobalWindow");
    return qs(m_format.window(w.start(), w.end()));
}
QString Session::formatProcessingTime(Timestamp t)
{
    return qs(TimeFormatter::processingTime(t));
}
QString Session::formatDuration(DurationMs d)
{
    return qs(TimeFormatter::duration(d));
}

QString Session::formatResult(const FireEvent& fire) const
{
    return qs(cli::printedResult(fire, scenario().keys));
}

void Session::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT filePathChanged(m_filePath);
}

QString Session::title() const
{
    if (!scenario().name.empty())
        return exampleName(qs(scenario().name));
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return tr("Untitled");
}

QString Session::setScenario(Scenario scenario, const QString& filePath, int keepStep)
{
    m_scenario = std::move(scenario);
    m_appended = 0;
    const QString error = rebuild(keepStep);
    if (error.isEmpty() && filePath != m_filePath) {
        m_filePath = filePath;
        Q_EMIT filePathChanged(m_filePath);
    }
    return error;
}

Scenario Session::scenarioForSaving(const QString& targetPath) const
{
    Scenario s = scenario();
    if (s.inputFile) {
        const QString input = QFileInfo(targetPath).dir().filePath(QString::fromStdString(s.inputFile->file));
        const bool sameRecords = m_appended == 0;
        if (!QFileInfo::exists(input) || !sameRecords)
            s.inputFile.reset();
    }
    return s;
}

QString Session::setSettings(const PipelineConfig& pipeline, const DisplaySettings& display)
{
    Scenario s = scenario();
    const Scenario previous = s;
    s.pipeline = pipeline;
    s.display = display;
    m_scenario = std::move(s);
    const QString error = rebuild(currentStep());
    if (!error.isEmpty())
        m_scenario = previous;
    return error;
}

QString Session::appendRecord(const InputRecord& record)
{
    if (!m_player)
        return tr("Nothing is loaded.");
    std::string error;
    const int keep = currentStep();
    const RecordIndex r = m_player->appendRecord(record, &error);
    if (r == kNoRecord)
        return qs(error);
    ++m_appended;
    computeRunFacts();
    // the Player kept the position; the cursor re-seeks and every view reloads
    Q_EMIT runReplaced(keep);
    return {};
}

QString Session::liveInputHint() const
{
    if (!m_player)
        return {};
    const InputFileSpec spec = io::liveLineSpec(scenario());
    if (scenario().inputFile)
        return tr("Type a line as in %1 and press Enter").arg(QString::fromStdString(spec.file));
    QString hint = scenario().pipeline.window.keyBy ? tr("key,timestamp") : tr("timestamp");
    if (spec.value)
        hint += tr(",value");
    return tr("Type a record (%1, epoch ms) and press Enter — it arrives after the last one").arg(hint);
}

QString Session::appendLine(const QString& line)
{
    if (!m_player)
        return tr("Nothing is loaded.");
    const std::string text = line.trimmed().toStdString();
    if (text.empty())
        return tr("Type a record first.");
    InputFileSpec spec = io::liveLineSpec(scenario());
    spec.header = InputFileSpec::Header::Absent;
    KeyTable& keys = m_player->keys();
    io::Loaded<io::EventFileContents> parsed = io::parseEventText(text, tr("typed line").toStdString(), spec, keys);
    if (!parsed || parsed.value->records.empty()) {
        return parsed.errors.empty() ? tr("That line holds no record.") : errorsText(parsed.errors);
    }
    InputRecord record = parsed.value->records.front();
    record.arrival = InputRecord::kNoArrival; // the player schedules it after the last record
    return appendRecord(record);
}

QString Session::rebuild(int keepStep)
{
    std::unique_ptr<Player> player;
    try {
        player = std::make_unique<Player>(m_scenario);
    } catch (const std::exception& e) {
        // the engine refuses configurations Flink would refuse; the previous run stays
        return QString::fromStdString(e.what());
    }
    // The narrator refers to the scenario it narrates: drop it before the player that owns that scenario.
    m_narrator.reset();
    m_player = std::move(player);
    m_scenario.records.clear(); // the player holds the records now; scenario() reads them from there
    m_scenario.records.shrink_to_fit();
    computeRunFacts();
    Q_EMIT runReplaced(keepStep);
    return {};
}

void Session::computeRunFacts()
{
    const Scenario& s = m_player->scenario();
    const Trace& trace = m_player->trace();
    m_minTs = kMaxTimestamp;
    m_maxTs = kMinTimestamp;
    m_finalStatus.assign(s.records.size(), RecordStatus::OnTime);
    for (std::size_t i = 0; i < s.records.size(); ++i) {
        const InputRecord& r = s.records[i];
        if (r.isWatermark()) {
            m_finalStatus[i] = RecordStatus::Watermark;
            continue;
        }
        m_minTs = std::min(m_minTs, r.ts);
        m_maxTs = std::max(m_maxTs, r.ts);
    }
    for (const LateRecord& late : trace.lates()) {
        if (late.record < m_finalStatus.size())
            m_finalStatus[late.record]
                = late.late.action == LateAction::Dropped ? RecordStatus::Dropped : RecordStatus::SideOutput;
    }
    // A late element accepted within allowed lateness re-fires its window in the step it arrives.
    for (const FireRecord& fire : trace.fires()) {
        if (fire.fire.timing != FireTiming::Late)
            continue;
        const RecordIndex r = trace.step(fire.step).record();
        if (r < m_finalStatus.size() && m_finalStatus[r] == RecordStatus::OnTime)
            m_finalStatus[r] = RecordStatus::LateAccepted;
    }
    for (const FiredWindow& w : trace.firedWindows()) {
        if (w.window.isGlobal())
            continue;
        m_minTs = std::min(m_minTs, w.window.start());
        m_maxTs = std::max(m_maxTs, w.window.end());
    }
    if (m_minTs > m_maxTs) {
        m_minTs = 0;
        m_maxTs = 1000;
    }
    const DisplaySettings& display = s.display;
    const Timestamp origin = m_minTs;
    m_format = TimeFormatter(display, origin);
    // A run that crosses midnight in the display zone names the dates, as the narration does:
    // "23:58:59.999" then "07:58:58.999" would read as going backwards.
    m_format.showDatesAcross(s.records);
    m_labels = TimeLabels(display.timeFormat, qs(display.zone), origin);
    m_narrator = std::make_unique<Narrator>(m_player->scenario(), m_format);
    m_narrator->setTemplates(translatedNarrationTemplates());
    refreshCurrent();
}

} // namespace tidemark::app
