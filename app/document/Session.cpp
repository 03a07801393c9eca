#include "app/document/Session.h"

#include "app/Translations.h"
#include "app/document/GraphDocument.h"
#include "app/document/LiveReader.h"
#include "app/document/Loading.h"

#include "engine/io/EventFile.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/KafkaSource.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <thread>

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

const Scenario& Session::scenario() const
{
    return m_graph ? m_graph->scenario() : m_player ? m_player->scenario() : m_scenario;
}

int Session::lastStep() const
{
    return m_graph ? int(m_graph->player().lastStep()) : m_player ? int(m_player->lastStep()) : 0;
}

int Session::currentStep() const
{
    return m_graph ? int(m_graph->player().current()) : m_player ? int(m_player->currentStep()) : 0;
}

void Session::seek(int step)
{
    if (m_graph)
        m_graph->player().seek(static_cast<StepIndex>(std::max(step, 0)));
    else if (m_player)
        m_player->seek(static_cast<StepIndex>(std::max(step, 0)));
    else
        return;
    refreshCurrent();
}

const StepDetail& Session::detail() const
{
    static const StepDetail empty;
    return m_player ? m_player->currentDetail() : empty;
}

void Session::refreshCurrent()
{
    if (m_graph) {
        const GraphPlayer& player = m_graph->player();
        m_graphAt = m_graph->picture().at(player.state(), player.current());
        m_state = PipelineState {};
        m_state.processingTime = player.trace().step(player.current()).processingTime;
        m_narration = graphNarration();
        return;
    }
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
    return qs(output::printedResult(fire, scenario().keys));
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

QString Session::suggestedFileName(const QString& extension) const
{
    QString name = title();
    for (QChar& c : name) {
        if (c.unicode() < 0x20 || QStringView(u"<>:\"/\\|?*").contains(c))
            c = u'-';
    }
    name = name.trimmed();
    while (name.endsWith(u'.')) // Windows drops a trailing dot
        name.chop(1);
    return (name.isEmpty() ? tr("Untitled") : name) + extension;
}

QString Session::setScenario(
    Scenario scenario, const QString& filePath, int keepStep, std::optional<io::SkippedLines> skipped)
{
    return replaceDocument(std::move(scenario), nullptr, filePath, keepStep, std::move(skipped));
}

void Session::setRecordedRun(
    Scenario shell, std::unique_ptr<Player> player, const QString& filePath, io::SkippedLines skipped)
{
    replaceDocument(std::move(shell), std::move(player), filePath, 0, std::move(skipped));
}

void Session::setRecordedGraph(std::unique_ptr<GraphDocument> graph, const QString& filePath, io::SkippedLines skipped)
{
    Scenario shell = graph->scenario();
    shell.graph.reset(); // the document holds the graph
    replaceDocument(std::move(shell), nullptr, filePath, 0, std::move(skipped), std::move(graph));
}

QString Session::replaceDocument(Scenario scenario, std::unique_ptr<Player> recorded, const QString& filePath,
    int keepStep, std::optional<io::SkippedLines> skipped, std::unique_ptr<GraphDocument> recordedGraph)
{
    // Another document replaces the live run (the window asked first if it held unsaved records); the live
    // run stays if the engine refuses the new one.
    std::unique_ptr<LiveReader> reader = std::move(m_reader);
    std::unique_ptr<live::LiveFeed> feed = std::move(m_feed);
    m_scenario = std::move(scenario);
    // set before the run is replaced, whose signal the Bad lines tab answers; put back if the engine refuses it
    std::optional<io::SkippedLines> previousSkipped;
    if (skipped)
        previousSkipped = std::exchange(m_skipped, std::move(*skipped));
    QString error;
    if (recorded)
        installPlayer(std::move(recorded), keepStep);
    else if (recordedGraph)
        installGraph(std::move(recordedGraph), keepStep);
    else
        error = rebuild(keepStep);
    if (!error.isEmpty()) {
        m_reader = std::move(reader);
        m_feed = std::move(feed);
        if (previousSkipped)
            m_skipped = std::move(*previousSkipped);
        return error;
    }
    m_appended = 0;
    m_savedRecords = this->scenario().records.size();
    m_lesson = this->scenario().lesson;
    Q_EMIT lessonChanged();
    if (feed) {
        reader.reset(); // stops the source and joins its thread
        m_liveName.clear();
        m_liveNotices.clear();
        Q_EMIT liveChanged();
    }
    if (error.isEmpty() && filePath != m_filePath) {
        m_filePath = filePath;
        Q_EMIT filePathChanged(m_filePath);
    }
    return error;
}

Scenario Session::scenarioForSaving(const QString& targetPath) const
{
    Scenario s = scenario();
    s.lesson = m_lesson;
    // a live run saved while its source is open ends, in the saved copy, where the run has got to
    // (just after it: the steps at the clock are recorded, and a replay must run them before the end)
    if (isLive() && m_player)
        s.inputEndMs = std::max(m_player->clock() + 1, s.inputEndMs.value_or(0));
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

QString Session::setJobGraph(const JobGraph& graph)
{
    if (!m_graph)
        return tr("No job graph is open.");
    Scenario s = scenario();
    s.graph = graph;
    if (const auto refused = io::scenarioRulesRefusal(s))
        return qs(*refused);
    Scenario previous = std::exchange(m_scenario, std::move(s));
    const QString error = rebuild(currentStep());
    if (!error.isEmpty())
        m_scenario = std::move(previous);
    return error;
}

QString Session::appendRecord(const InputRecord& record)
{
    if (m_graph)
        return graphTakesNoLines();
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

InputFileSpec Session::lineSpec() const
{
    // a live run's records are inline, but its lines keep the format they came in
    return hasLiveRun() ? m_liveSpec : io::liveLineSpec(scenario());
}

QString Session::liveInputHint() const
{
    if (!m_player)
        return {};
    const InputFileSpec spec = lineSpec();
    if (scenario().inputFile)
        return tr("Type a line as in %1 and press Enter").arg(QString::fromStdString(spec.file));
    QString hint = scenario().pipeline.window.keyBy ? tr("key,timestamp") : tr("timestamp");
    if (spec.value)
        hint += tr(",value");
    return tr("Type a record (%1, epoch ms) and press Enter — it arrives after the last one").arg(hint);
}

QString Session::appendLine(const QString& line)
{
    if (m_graph)
        return graphTakesNoLines();
    if (!m_player)
        return tr("Nothing is loaded.");
    const std::string text = line.trimmed().toStdString();
    if (text.empty())
        return tr("Type a record first.");
    if (isLive())
        return appendTypedLiveLine(text);
    InputFileSpec spec = lineSpec();
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

QString Session::graphTakesNoLines()
{
    return tr("A job graph reads each source's records from its file; typed lines and live sources feed one "
              "window operator. Open a chain scenario, or add the records to the source's events file.");
}

QString Session::rebuild(int keepStep)
{
    if (m_scenario.graph) {
        std::unique_ptr<GraphDocument> graph;
        try {
            graph = std::make_unique<GraphDocument>(m_scenario, scenarioTimes(m_scenario));
        } catch (const std::exception& e) {
            return QString::fromStdString(e.what()); // beyond the run's budget; the previous run stays
        }
        installGraph(std::move(graph), keepStep);
        return {};
    }
    std::unique_ptr<Player> player;
    try {
        Player::Options options;
        options.openInput = isLive(); // a setting changed while lines still come: the input stays open
        player = std::make_unique<Player>(m_scenario, options);
        if (isLive() && m_player) {
            if (const std::string excess = player->advanceClock(m_player->clock()); !excess.empty())
                return QString::fromStdString(excess);
        }
    } catch (const std::exception& e) {
        // the engine refuses configurations Flink would refuse; the previous run stays
        return QString::fromStdString(e.what());
    }
    installPlayer(std::move(player), keepStep);
    return {};
}

void Session::installPlayer(std::unique_ptr<Player> player, int keepStep)
{
    // The narrator refers to the scenario it narrates: drop it before the player that owns that scenario.
    m_narrator.reset();
    m_graph.reset();
    m_graphAt = {};
    m_player = std::move(player);
    m_scenario.records.clear(); // the player holds the records now; scenario() reads them from there
    m_scenario.records.shrink_to_fit();
    computeRunFacts();
    Q_EMIT runReplaced(keepStep);
}

void Session::installGraph(std::unique_ptr<GraphDocument> graph, int keepStep)
{
    m_narrator.reset();
    m_player.reset();
    m_finalStatus.clear();
    m_graph = std::move(graph);
    m_scenario.graph.reset(); // the document holds the graph now; scenario() reads it from there
    computeGraphFacts();
    Q_EMIT runReplaced(keepStep);
}

void Session::computeGraphFacts()
{
    EventTimeRange events;
    for (const GraphSource& source : m_graph->graph().sources) {
        for (const InputRecord& r : source.records) {
            if (!r.isWatermark())
                events.include(r.ts);
        }
    }
    m_minTs = events.first;
    m_maxTs = events.last;
    for (const GraphOutput& o : m_graph->run().outputs()) {
        if (const auto* fire = std::get_if<FireEvent>(&o.what); fire && !fire->window.isGlobal()) {
            m_minTs = std::min(m_minTs, fire->window.start());
            m_maxTs = std::max(m_maxTs, fire->window.end());
        }
    }
    if (m_minTs > m_maxTs) {
        m_minTs = 0;
        m_maxTs = 1000;
    }
    const DisplaySettings display = resolvedDisplay(m_graph->scenario().display, events);
    m_format = TimeFormatter(display, m_minTs);
    m_format.showDatesAcross(events);
    m_labels = TimeLabels(display.timeFormat, qs(display.zone), m_minTs);
    refreshCurrent();
}

Narration Session::graphNarration() const
{
    // As `tidemark run --steps` says the step (without its "step N at …: ", which the heading says), then what
    // the step printed, then what holds the slowest sink.
    const GraphPlayer& player = m_graph->player();
    const StepIndex step = player.current();
    Narration n;
    auto say = [&n](std::string id, std::string text) {
        NarrationSentence sentence;
        sentence.templateId = std::move(id);
        sentence.text = std::move(text);
        n.sentences.push_back(std::move(sentence));
    };
    if (step > 0) {
        std::string text = output::graphStepText(m_graph->run(), step, output::TextTimes::forReading(m_format));
        if (const auto colon = text.find(": "); colon != std::string::npos)
            text.erase(0, colon + 2);
        say("graph-step", text + ".");
        const std::span<const GraphOutput> outputs = player.trace().outputsOf(step);
        const std::size_t first = player.trace().step(step).firstOutput;
        for (std::size_t i = 0; i < outputs.size(); ++i)
            say("graph-output", m_graph->outputText(first + i));
    }
    if (m_graphAt.sink >= 0) {
        const StreamGraph::Node& sink = m_graph->streams().node(m_graphAt.sink);
        for (const GraphHold& hold : m_graph->currentHolds()) {
            if (hold.op == sink.op && hold.subtask == m_graphAt.blocker.front().index)
                say("graph-hold", "Held back: " + hold.text);
        }
    }
    return n;
}

void Session::computeRunFacts()
{
    const Scenario& s = m_player->scenario();
    const Trace& trace = m_player->trace();
    EventTimeRange events;
    // From the trace's columns: the records themselves are seven times the bytes to read.
    const auto recordTs = trace.recordTimestamps();
    m_finalStatus.assign(recordTs.size(), RecordStatus::OnTime);
    for (RecordIndex i = 0; i < recordTs.size(); ++i) {
        if (!trace.isEvent(i)) {
            m_finalStatus[i] = RecordStatus::Watermark;
            continue;
        }
        events.include(recordTs[i]);
    }
    m_minTs = events.first;
    m_maxTs = events.last;
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
    const DisplaySettings display = resolvedDisplay(s.display, events);
    const Timestamp origin = m_minTs;
    m_format = TimeFormatter(display, origin);
    // A run that crosses midnight in the display zone names the dates, as the narration does:
    // "23:58:59.999" then "07:58:58.999" would read as going backwards.
    m_format.showDatesAcross(events);
    m_labels = TimeLabels(display.timeFormat, qs(display.zone), origin);
    m_narrator = std::make_unique<Narrator>(m_player->scenario(), m_format);
    m_narrator->setTemplates(translatedNarrationTemplates());
    refreshCurrent();
}

const LessonMarker* Session::markerAt(int step) const
{
    const auto it = std::lower_bound(
        m_lesson.begin(), m_lesson.end(), step, [](const LessonMarker& m, int s) { return std::int64_t(m.step) < s; });
    return it != m_lesson.end() && int(it->step) == step ? &*it : nullptr;
}

void Session::setLesson(std::vector<LessonMarker> lesson)
{
    std::sort(
        lesson.begin(), lesson.end(), [](const LessonMarker& a, const LessonMarker& b) { return a.step < b.step; });
    if (lesson == m_lesson)
        return;
    m_lesson = std::move(lesson);
    Q_EMIT lessonChanged();
}

Narration Session::whyWindow(int subtask, KeyId key, const TimeWindow& window) const
{
    if (!m_player || !m_narrator)
        return {};
    return m_narrator->whyWindow(m_player->trace(), subtask, key, window, StepIndex(currentStep()));
}

Narration Session::whyRecord(RecordIndex record) const
{
    if (!m_player || !m_narrator)
        return {};
    return m_narrator->whyRecord(m_player->trace(), record, StepIndex(currentStep()));
}

int Session::unsavedRecords() const
{
    if (!m_player)
        return 0;
    const std::size_t n = scenario().records.size();
    return n > m_savedRecords ? int(n - m_savedRecords) : 0;
}

void Session::markSaved()
{
    m_savedRecords = m_player ? scenario().records.size() : 0;
}

// ---------------------------------------------------------------------------------------------------------
// A live source

QString Session::startLive(std::unique_ptr<live::LiveSource> source, const InputFileSpec& spec, bool lenient,
    std::optional<KafkaSourceSpec> kafka)
{
    if (m_graph)
        return graphTakesNoLines();
    std::unique_ptr<LiveReader> oldReader = std::move(m_reader);
    std::unique_ptr<live::LiveFeed> oldFeed = std::move(m_feed);
    const InputFileSpec oldSpec = m_liveSpec;
    const QString oldName = m_liveName;
    Scenario s = scenario();
    s.records.clear();
    s.inputFile.reset(); // the records are the run's own: saved inline, each with its arrival
    s.inputEndMs.reset();
    s.keys = KeyTable {};
    s.lenient = lenient;
    s.name = tr("Live from %1").arg(QString::fromStdString(source->name())).toStdString();
    s.pipeline.kafka = kafka;
    if (kafka) {
        // the topic's readers are the watermark channels
        s.pipeline.sourceParallelism = s.pipeline.watermarks.parallelism;
        s.pipeline.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
        live::KafkaSource::drainAtTheEnd(s.pipeline); // no stopping offsets: the end of the run drains the job
        s.pipeline.watermarks.firstChannel = 0;
    }
    const Scenario previous = m_scenario;
    m_scenario = std::move(s);
    // the feed exists before the player is built, so that it is built with its input open
    m_liveName = QString::fromStdString(source->name());
    m_liveSpec = spec;
    if (!kafka) { // lines of a socket have no partition, whatever the scenario's events file had
        m_liveSpec.partition.reset();
        m_liveSpec.offset.reset();
    }
    const live::LiveSource* named = source.get();
    const std::string typed = tr("typed line").toStdString();
    m_feed = std::make_unique<live::LiveFeed>(
        m_liveSpec, lenient, rules::recordRulesFor(m_scenario.pipeline), KeyTable {}, [named, typed](int client) {
            return client == live::LiveFeed::kTypedClient ? typed : named->connectionName(client);
        });
    const QString error = rebuild(0);
    if (!error.isEmpty()) {
        m_reader = std::move(oldReader);
        m_feed = std::move(oldFeed);
        m_liveSpec = oldSpec;
        m_liveName = oldName;
        m_scenario = previous;
        return error;
    }
    oldReader.reset();
    oldFeed.reset();
    m_appended = 0;
    m_savedRecords = 0;
    m_liveNotices.clear();
    if (!m_filePath.isEmpty()) {
        m_filePath.clear(); // saving must not overwrite the file the pipeline came from
        Q_EMIT filePathChanged(m_filePath);
    }
    m_reader = std::make_unique<LiveReader>(std::move(source));
    connect(m_reader.get(), &LiveReader::eventsReady, this, &Session::takeLiveEvents);
    Q_EMIT liveStarted();
    Q_EMIT liveChanged();
    return {};
}

void Session::stopLive()
{
    if (!m_reader || !isLive())
        return;
    m_reader->stop();
    // the source hands on what it holds, then ends at its next poll: wait for that (half a second at most)
    for (int i = 0; i < 50 && !m_reader->finished(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    takeLiveEvents();
    if (isLive()) { // the source did not answer in time: end the run where it is
        m_feed->stop(*m_player, m_reader->source().now(), tr("stopped").toStdString());
        computeRunFacts();
        Q_EMIT runExtended();
        Q_EMIT liveChanged();
    }
}

Timestamp Session::liveClock() const
{
    if (!m_player || !hasLiveRun())
        return 0;
    if (m_player->inputOpen())
        return m_player->clock();
    const auto& records = scenario().records; // a live run's records are in arrival order
    return scenario().inputEnd(records.empty() ? 0 : records.back().arrival);
}

void Session::noteLive(const std::string& text)
{
    m_liveNotices << QString::fromStdString(text);
    while (m_liveNotices.size() > 200)
        m_liveNotices.removeFirst();
}

void Session::takeLiveEvents()
{
    if (!m_reader || !m_feed || !m_player)
        return;
    const std::vector<live::LiveEvent> events = m_reader->take();
    if (!events.empty())
        feedLive(events);
}

live::LiveFeed::Result Session::feedLive(std::span<const live::LiveEvent> events)
{
    const bool wasLive = isLive();
    const StepIndex steps = m_player->lastStep();
    live::LiveFeed::Result result = m_feed->feed(*m_player, events);
    for (const std::string& n : result.notices)
        noteLive(n);
    if (isLive() && m_player->failure()) {
        // the job failed as Flink would fail it: no later line can run, so the source stops here
        const Player::Failure& f = *m_player->failure();
        m_feed->stop(*m_player, m_player->clock() + 1,
            tr("the job failed at step %1: %2").arg(f.step).arg(QString::fromStdString(f.message)).toStdString(), true);
    }
    if (wasLive && !isLive()) {
        noteLive(m_feed->stopReason());
        m_reader->stop();
    }
    if (m_player->lastStep() != steps || result.records > 0) {
        computeRunFacts();
        Q_EMIT runExtended();
    }
    if (!result.notices.empty() || !result.problems.empty() || result.records > 0 || wasLive != isLive())
        Q_EMIT liveChanged();
    return result;
}

QString Session::appendTypedLiveLine(const std::string& text)
{
    // a typed line is one more client of the live run, arriving now
    live::LiveEvent e;
    e.kind = live::LiveEvent::Kind::Line;
    e.client = live::LiveFeed::kTypedClient;
    e.at = std::max(m_reader->source().now(), m_player->clock() + 1);
    e.text = text;
    const live::LiveFeed::Result result = feedLive(std::span<const live::LiveEvent>(&e, 1));
    return result.problems.empty() ? QString() : QString::fromStdString(result.problems.back().error.toString());
}

} // namespace tidemark::app
