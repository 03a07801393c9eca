#pragma once

#include "app/document/TimeLabels.h"
#include "engine/core/Scenario.h"
#include "engine/live/LiveFeed.h"
#include "engine/player/GraphPicture.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"
#include "engine/player/TimeFormat.h"
#include "engine/player/Trace.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace tidemark::live {
class LiveSource;
}

namespace tidemark::app {

class GraphDocument;
class LiveReader;

// What happened to an input record, as of the current step.
enum class RecordStatus : std::uint8_t {
    Pending, // not arrived yet
    OnTime,
    LateAccepted, // late, but within allowed lateness: it re-fired its window
    Dropped,
    SideOutput,
    Watermark // a watermark record of the input
};

// The loaded scenario and its run: owns the Player and everything derived from the whole run that the
// views need often (record statuses, event-time extent). Views read it; only the TimeCursor moves it.
// A job graph's scenario runs on a GraphDocument instead (hasGraph()): then hasRun() is false, and the views of
// a chain's one operator show nothing while the graph's views show it.
class Session : public QObject {
    Q_OBJECT

public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    // A chain's run (Player): what the timeline, its tables and its panels show.
    bool hasRun() const { return m_player != nullptr; }
    // A job graph's run.
    bool hasGraph() const { return m_graph != nullptr; }
    const GraphDocument& graph() const { return *m_graph; }
    // The graph at the current step: every stream's event time and counts, and what holds the slowest sink.
    const GraphPicture::At& graphAt() const { return m_graphAt; }
    // The scenario as run (with any typed records appended).
    const Scenario& scenario() const;
    const Player& player() const { return *m_player; }
    const Trace& trace() const { return m_player->trace(); }

    // 0 … lastStep(); step 0 is "nothing happened yet".
    int lastStep() const;
    int currentStep() const;
    // The state, detail and narration of the current step (computed once per step).
    const PipelineState& state() const { return m_state; }
    const StepDetail& detail() const;
    const Narration& narration() const { return m_narration; }
    // The lesson's markers: as the scenario was loaded, then as edited (Edit ▸ Lesson Marker…); saved with it.
    const std::vector<LessonMarker>& lesson() const { return m_lesson; }
    // The marker at `step`, if any.
    const LessonMarker* markerAt(int step) const;
    void setLesson(std::vector<LessonMarker> lesson);
    // "Why (not)?" at the current step (Narrator::whyWindow / whyRecord), in the user's language.
    Narration whyWindow(int subtask, KeyId key, const TimeWindow& window) const;
    Narration whyRecord(RecordIndex record) const;
    QString narrationText() const;
    Timestamp processingTime() const { return m_state.processingTime; }

    // --- whole-run facts -------------------------------------------------------------------------------
    RecordStatus recordStatus(RecordIndex r) const;
    StepIndex arrivalStep(RecordIndex r) const;
    // Event-time extent of the records and windows (for "fit all").
    Timestamp minEventTime() const { return m_minTs; }
    Timestamp maxEventTime() const { return m_maxTs; }
    int channelCount() const { return m_scenario.pipeline.watermarks.parallelism; }
    int subtaskCount() const { return m_player ? m_player->trace().subtaskCount() : 1; }
    // The keys the window operator sees: none under windowAll, whatever keys the records carry.
    int keyCount() const { return int(m_scenario.pipeline.window.operatorKeyCount(m_scenario.keys.size())); }
    QString keyName(KeyId key) const;
    // The operator watermark that decides (the minimum over the window subtasks' watermarks).
    Timestamp operatorWatermark() const;

    // --- text --------------------------------------------------------------------------------------------
    // Times as the scenario's display setting asks (the same text as the narration): with date-times, a
    // run whose records fall on more than one day in the display zone writes the date too.
    QString formatTime(Timestamp t) const;
    QString formatDateTime(Timestamp t) const;
    QString formatWindow(const TimeWindow& w) const;
    static QString formatProcessingTime(Timestamp t);
    static QString formatDuration(DurationMs d);
    // Axis labels and ticks.
    const TimeLabels& labels() const { return m_labels; }
    // What Flink prints for a fire, without the subtask prefix: "(key,result)", "(result)" under windowAll; the
    // text `tidemark run` prints (output::printedResult).
    QString formatResult(const FireEvent& fire) const;

    // --- the document ------------------------------------------------------------------------------------
    QString filePath() const { return m_filePath; }
    QString title() const;
    // A file name for what is saved or exported of the document, `extension` with its dot: the title with every
    // character some file system refuses (< > : " / \ | ? * and control characters) made a hyphen.
    QString suggestedFileName(const QString& extension) const;
    void setFilePath(const QString& path);
    // Replaces the scenario and re-runs; keepStep is where the cursor should land (clamped).
    // `skipped`: the bad lines its event file's load skipped (a document opened); nullopt keeps those of the
    // document shown (an edit of it).
    QString setScenario(Scenario scenario, const QString& filePath, int keepStep = 0,
        std::optional<io::SkippedLines> skipped = std::nullopt);
    // The same with the run already recorded (RunLoader records it on its own thread): `shell` is the
    // scenario without its records, which `player` holds.
    void setRecordedRun(
        Scenario shell, std::unique_ptr<Player> player, const QString& filePath, io::SkippedLines skipped = {});
    // The same for a job graph's run (RunLoader records a large one on its own thread).
    void setRecordedGraph(std::unique_ptr<GraphDocument> graph, const QString& filePath, io::SkippedLines skipped = {});
    // The lines of the document's event file that a lenient load skipped (the Bad lines tab, when not live).
    const io::SkippedLines& skippedLines() const { return m_skipped; }
    // The scenario to write to `targetPath`: it keeps referring to its event file when that file is found
    // next to the target, otherwise (built-in examples, typed records) the records are written inline.
    Scenario scenarioForSaving(const QString& targetPath) const;
    // Re-runs with a changed pipeline and display, returning to the same step (or the nearest one).
    // Returns an error message (and keeps the previous run) when the engine rejects the configuration.
    QString setSettings(const PipelineConfig& pipeline, const DisplaySettings& display);
    // A job graph's operators and sources with other settings (the graph editor): held to the rules a graph file is
    // (io::scenarioRulesRefusal), then run again, keeping the step. Returns why it was refused, or an empty string.
    QString setJobGraph(const JobGraph& graph);
    // Typed live input: appends a record and extends the run; returns an error message or empty.
    QString appendRecord(const InputRecord& record);
    // The same from a line typed in the loaded file's format (CSV "key,timestamp[,value]" for inline records),
    // as typing into `nc -lk` does in the posts.
    QString appendLine(const QString& line);
    // How a typed line is read, for the input field's placeholder ("key,timestamp").
    QString liveInputHint() const;
    // How a typed or live line is read: as the live run's lines were, or as the scenario's events file.
    InputFileSpec lineSpec() const;
    // Records the document holds that no file has: typed, or received from a live source, since the last
    // load or save. Closing or replacing the document asks first.
    int unsavedRecords() const;
    // The document was written: its records are saved.
    void markSaved();

    // --- a live source (File ▸ Connect to Socket…, Listen on Port…; docs/live-sources.md) -----------------
    // Starts a live run of the current pipeline and display: no records yet, the input open, each line read
    // as `spec` says, arriving when it is read. Replaces the run; returns an error message (the engine refuses
    // the pipeline) or empty.
    // `kafka`: the records come from a Kafka topic (the pipeline's source becomes it); otherwise the pipeline has no
    // Kafka source.
    QString startLive(std::unique_ptr<live::LiveSource> source, const InputFileSpec& spec, bool lenient,
        std::optional<KafkaSourceSpec> kafka = std::nullopt);
    // A live source is open: lines may still come.
    bool isLive() const { return m_feed && !m_feed->stopped(); }
    // The run came from a live source (open or ended).
    bool hasLiveRun() const { return m_feed != nullptr; }
    // Ends the live source now: what it holds is taken, then the input closes.
    void stopLive();
    // The feed of the live run (counts, bad lines, why it stopped); null without one.
    const live::LiveFeed* liveFeed() const { return m_feed.get(); }
    QString liveSourceName() const { return m_liveName; }
    // What the source said (connected, client left, reconnecting), newest last; the last 200.
    const QStringList& liveNotices() const { return m_liveNotices; }
    // Processing time of the live run so far (ms since the source opened).
    Timestamp liveClock() const;

Q_SIGNALS:
    // The run was rebuilt (new scenario, changed pipeline, appended record). The cursor re-seeks to keepStep.
    void runReplaced(int keepStep);
    // The run grew at its end (a live source): every step before stays as it was.
    void runExtended();
    // A live source opened, said something, read a bad line or ended.
    void liveChanged();
    // A new live run began (not a setting changed during one).
    void liveStarted();
    void filePathChanged(const QString& path);
    void lessonChanged();

private:
    // Only the cursor moves the player; views follow the cursor's signals.
    friend class TimeCursor;
    void seek(int step);

    QString replaceDocument(Scenario scenario, std::unique_ptr<Player> recorded, const QString& filePath, int keepStep,
        std::optional<io::SkippedLines> skipped, std::unique_ptr<GraphDocument> recordedGraph = nullptr);
    QString rebuild(int keepStep);
    static QString graphTakesNoLines();
    void installPlayer(std::unique_ptr<Player> player, int keepStep);
    void installGraph(std::unique_ptr<GraphDocument> graph, int keepStep);
    void computeGraphFacts();
    Narration graphNarration() const;
    void takeLiveEvents();
    live::LiveFeed::Result feedLive(std::span<const live::LiveEvent> events);
    QString appendTypedLiveLine(const std::string& text);
    void noteLive(const std::string& text);
    void computeRunFacts();
    void refreshCurrent();

    Scenario m_scenario;
    std::vector<LessonMarker> m_lesson;
    io::SkippedLines m_skipped;
    QString m_filePath;
    std::unique_ptr<Player> m_player;
    std::unique_ptr<GraphDocument> m_graph;
    GraphPicture::At m_graphAt;
    std::unique_ptr<Narrator> m_narrator;
    TimeFormatter m_format;
    TimeLabels m_labels;
    PipelineState m_state;
    Narration m_narration;
    std::vector<RecordStatus> m_finalStatus; // status once arrived
    Timestamp m_minTs = 0;
    Timestamp m_maxTs = 1000;
    int m_appended = 0; // typed records since the run was built
    std::size_t m_savedRecords = 0; // records as of the last load or save
    // a live run: the reader thread, and the feed that turns its lines into records (survives a rebuild)
    std::unique_ptr<LiveReader> m_reader;
    std::unique_ptr<live::LiveFeed> m_feed;
    QString m_liveName;
    InputFileSpec m_liveSpec;
    QStringList m_liveNotices;
};

} // namespace tidemark::app
