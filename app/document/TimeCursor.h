#pragma once

#include "engine/core/Time.h"
#include "engine/core/TimeWindow.h"
#include "engine/player/Player.h"

#include <QObject>

#include <cstdint>

namespace tidemark::app {

class Session;

// The one shared "where are we" of the app: the current step of the run, the event-time range the
// views show, whether the view follows the operator watermark, what the pointer is over and what is
// selected. Views take it in their constructor and listen to the fine-grained signals; nobody relays.
// Only the cursor moves the session.
class TimeCursor : public QObject {
    Q_OBJECT

public:
    explicit TimeCursor(Session* session, QObject* parent = nullptr);

    Session* session() const { return m_session; }

    // Steps are 0 (nothing happened yet) … lastStep() (everything happened).
    int step() const { return m_step; }
    int lastStep() const { return m_lastStep; }
    bool atStart() const { return m_step == 0; }
    bool atEnd() const { return m_step >= m_lastStep; }

    double visibleStart() const { return m_visibleStart; }
    double visibleEnd() const { return m_visibleEnd; }
    bool followWatermark() const { return m_follow; }
    // While a live source is open: the cursor stays on the newest step as the run grows. Stepping back or
    // seeking turns it off (the run keeps growing behind); End, or turning it on again, goes back to the newest.
    bool followLive() const { return m_followLive; }

    // What one step forward or back moves over: every step of the event queue, the steps that change
    // something a view shows (a periodic emission that moves no watermark is skipped), or the arrivals only.
    // The player bar's buttons and playback, the keyboard and the scrubber follow it; jumps do not.
    enum class Granularity : std::uint8_t { EveryStep, Changes, Arrivals };
    Granularity granularity() const { return m_granularity; }
    // The nearest step at or before `step` that the granularity stops at (0 when there is none).
    int snapped(int step) const;
    // How many steps the step before the current one skipped: those since the previous stop (0 for every step).
    int skippedBefore() const;

    // What the pointer is over in any view (narration links, timeline hover): record index or window.
    struct Highlight {
        enum class Kind : std::uint8_t { None, Record, Window, Channel };
        Kind kind = Kind::None;
        std::int64_t record = -1;
        Timestamp windowStart = 0;
        Timestamp windowEnd = 0;
        int channel = -1;
        bool operator==(const Highlight&) const = default;
    };
    const Highlight& highlight() const { return m_highlight; }

    // What the user picked in any view (a click in the timeline, a row of a table); kept until the run
    // changes. A record by its index in the scenario, a window by (subtask, key, window), a channel, a job
    // graph's stream (a source or an operator, by its StreamGraph number).
    struct Selection {
        // InputRecord: in a job graph, what reached an operator's input (`stream`, `channel` the input, `record` its
        // place among what reached it: GraphPicture::arrivedAt).
        enum class Kind : std::uint8_t { None, Record, Window, Channel, Stream, InputRecord };
        Kind kind = Kind::None;
        RecordIndex record = kNoRecord;
        int subtask = 0;
        KeyId key = kNoKey;
        TimeWindow window;
        int channel = -1;
        int stream = -1;
        bool operator==(const Selection&) const = default;
        static Selection ofRecord(RecordIndex r);
        static Selection ofWindow(int subtask, KeyId key, const TimeWindow& window);
        static Selection ofChannel(int channel);
        static Selection ofStream(int stream);
        static Selection ofInputRecord(int stream, int input, std::size_t rank);
    };
    const Selection& selection() const { return m_selection; }
    RecordIndex selectedRecord() const;

    // Semantic jumps: to the next (or previous) step with a happening of that kind. Returns false and stays
    // where it is when there is none.
    bool jumpTo(tidemark::Happening happening, bool forward = true);

    // Lessons (Session::lesson): Page Down / Page Up go to the next / previous marker. False when there is none.
    bool toMarker(bool forward);
    // Predict, then reveal: landing on a marker set to predict holds back the next fire after it (at
    // hiddenStep(); the last step when nothing fires any more, so that even whether it fires stays hidden).
    // Stepping, playing and forward jumps stop just before it, and views leave out what happens after the
    // marker, until reveal() goes there. Going to a later step on purpose (the scrubber, End) reveals too.
    // Only while predictions are held (presenter mode: the class is watching); exploring alone, the
    // markers' notes show and nothing is held back.
    bool isPredicting() const { return m_hiddenStep >= 0; }
    bool holdsPredictions() const { return m_holdPredictions; }
    int predictMarker() const { return m_predictMarker; }
    int hiddenStep() const { return m_hiddenStep; }
    // What a prediction at `markerStep` holds back: the step of the next fire after it, or the last step.
    int hiddenStepAfter(int markerStep) const;

public Q_SLOTS:
    void setStep(int step);
    void stepForward();
    void stepBack();
    void setGranularity(tidemark::app::TimeCursor::Granularity granularity);
    void reveal();
    void setHoldsPredictions(bool hold);
    void toStart() { setStep(0); }
    void toEnd();
    void setVisibleRange(double start, double end);
    void setFollowWatermark(bool follow);
    void setFollowLive(bool follow);
    void setHighlight(const tidemark::app::TimeCursor::Highlight& h);
    void clearHighlight() { setHighlight({}); }
    void select(const tidemark::app::TimeCursor::Selection& selection);
    void clearSelection() { select({}); }

Q_SIGNALS:
    // The session was re-run (new file, pipeline edit, live input): every view reloads what it caches.
    void runChanged();
    // The run grew at its end (a live source): steps up to the previous last one are unchanged, and so is
    // the selection. Views that cache the whole run bring it up to date.
    void runExtended();
    void lastStepChanged(int lastStep);
    void stepChanged(int step);
    void visibleRangeChanged(double start, double end);
    void followWatermarkChanged(bool follow);
    void followLiveChanged(bool follow);
    void granularityChanged(tidemark::app::TimeCursor::Granularity granularity);
    void highlightChanged();
    void selectionChanged();
    // A prediction began or was revealed, or the lesson's markers changed.
    void lessonStateChanged();

private:
    void onRunReplaced(int keepStep);
    void onRunExtended();
    // Moves to `step`: `held` moves (stepping, playing, forward jumps) stop before a held-back fire.
    void moveTo(int step, bool held);
    void updatePrediction();

    Session* m_session = nullptr;
    int m_step = 0;
    int m_lastStep = 0;
    double m_visibleStart = 0.0;
    double m_visibleEnd = 1000.0;
    bool m_follow = false;
    bool m_followLive = true;
    Granularity m_granularity = Granularity::EveryStep;
    Highlight m_highlight;
    Selection m_selection;
    int m_predictMarker = -1;
    int m_hiddenStep = -1;
    bool m_holdPredictions = false;
};

} // namespace tidemark::app
