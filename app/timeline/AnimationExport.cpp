#include "app/timeline/AnimationExport.h"

#include "app/Translations.h"
#include "app/document/Session.h"
#include "app/timeline/ExportPicture.h"
#include "app/timeline/TimelineImage.h"
#include "engine/io/Installation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QHash>
#include <QImageWriter>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QMutexLocker>
#include <QSaveFile>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QWidget>

#include <algorithm>
#include <tuple>

namespace tidemark::app {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::AnimationExport)
};

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// Takes the cursor through the frames' steps, and back to where the user left it.
class CursorTour {
public:
    explicit CursorTour(TimeCursor& cursor)
        : m_cursor(cursor)
        , m_step(cursor.step())
        , m_visibleStart(cursor.visibleStart())
        , m_visibleEnd(cursor.visibleEnd())
        , m_followLive(cursor.followLive())
        , m_selection(cursor.selection())
    {
        m_cursor.clearSelection(); // what the user picked in the app is not the page's to show
    }
    ~CursorTour()
    {
        m_cursor.setStep(m_step);
        m_cursor.select(m_selection);
        m_cursor.setVisibleRange(m_visibleStart, m_visibleEnd); // following the watermark moved it
        if (m_followLive)
            m_cursor.setFollowLive(true);
    }
    CursorTour(const CursorTour&) = delete;
    CursorTour& operator=(const CursorTour&) = delete;

    // Calls `frame` with the frame's number at each of `steps`, the cursor there, until it fails or the
    // progress callback cancels.
    AnimationExportResult visit(const std::vector<int>& steps, const AnimationOptions& options,
        const std::function<bool(int frame)>& frame) const
    {
        const int total = int(steps.size());
        for (int i = 0; i < total; ++i) {
            m_cursor.setStep(steps[std::size_t(i)]);
            if (!frame(i))
                return AnimationExportResult::Failed;
            if (options.progress && !options.progress(i + 1, total))
                return AnimationExportResult::Cancelled;
        }
        return AnimationExportResult::Written;
    }

private:
    TimeCursor& m_cursor;
    int m_step;
    double m_visibleStart;
    double m_visibleEnd;
    bool m_followLive;
    TimeCursor::Selection m_selection;
};

QString narrationLine(const Session& session)
{
    return qs(session.narration().text())
        .replace(QLatin1Char('\t'), QLatin1Char(' '))
        .replace(QLatin1Char('\n'), QLatin1Char(' '));
}

// What went by between two frames that are not neighbours.
QString skippedText(TimeCursor::Granularity granularity, int from, int to)
{
    const QString steps = from == to ? Text::tr("Step %1").arg(from) : Text::tr("Steps %1–%2").arg(from).arg(to);
    return granularity == TimeCursor::Granularity::Arrivals
        ? Text::tr("%1 went by: no record arrived.").arg(steps)
        : Text::tr("%1 changed nothing shown and went by.").arg(steps);
}

// Which steps the page shows, said once under the frames.
QString selectionText(TimeCursor::Granularity granularity, int frames, int steps)
{
    switch (granularity) {
    case TimeCursor::Granularity::EveryStep:
        break;
    case TimeCursor::Granularity::Changes:
        return Text::tr("%1 of the run's %2 steps are frames: those that change something shown, and the first and "
                        "the last. The steps in between went by.")
            .arg(frames)
            .arg(steps);
    case TimeCursor::Granularity::Arrivals:
        return Text::tr("%1 of the run's %2 steps are frames: those where a record arrives, and the first and the "
                        "last. The steps in between went by.")
            .arg(frames)
            .arg(steps);
    }
    return Text::tr("Every one of the run's %1 steps is a frame.").arg(steps);
}

// Drops whitespace that draws nothing: between elements, and runs of it inside tags (not inside attribute values
// or text, where it may matter). A line break inside text draws as a space, so none is left.
QByteArray squeezed(const QByteArray& markup)
{
    QByteArray out;
    out.reserve(markup.size());
    bool inTag = false;
    bool inValue = false;
    for (qsizetype i = 0; i < markup.size(); ++i) {
        const char c = markup[i];
        if (!inTag) {
            qsizetype next = markup.indexOf('<', i);
            if (next < 0)
                next = markup.size();
            const QByteArray text = markup.mid(i, next - i);
            if (!text.trimmed().isEmpty())
                out += QByteArray(text).replace('\n', ' ');
            if (next < markup.size()) {
                out += '<';
                inTag = true;
            }
            i = next;
            continue;
        }
        if (c == '"')
            inValue = !inValue;
        if (!inValue && (c == ' ' || c == '\n' || c == '\t' || c == '\r')) {
            if (!out.endsWith(' '))
                out += ' ';
            continue;
        }
        if (!inValue && (c == '>' || (c == '/' && i + 1 < markup.size() && markup[i + 1] == '>')) && out.endsWith(' '))
            out.chop(1);
        if (!inValue && c == '>')
            inTag = false;
        out += c;
    }
    return out;
}

// One frame as the page keeps it: without the XML prolog, the namespaces (SVG inside HTML needs none), the size
// in mm, the title and the description (the page has its own), identity transforms and whitespace that draws
// nothing; cut into the drawing groups QSvgGenerator writes, one per change of the painter's state with an
// empty line between them, so that frames can share the groups they have in common. No chunk holds a line
// break.
QList<QByteArray> frameChunks(const QByteArray& svg)
{
    const qsizetype open = svg.indexOf("<svg");
    const qsizetype openEnd = open < 0 ? -1 : svg.indexOf('>', open);
    const qsizetype close = svg.lastIndexOf("</svg>");
    if (openEnd < 0 || close < openEnd)
        return {};
    const QByteArray tag = svg.mid(open, openEnd - open);
    const qsizetype viewBox = tag.indexOf("viewBox=\"");
    const qsizetype viewBoxEnd = viewBox < 0 ? -1 : tag.indexOf('"', viewBox + 9);
    QList<QByteArray> chunks {
        "<svg viewBox=\"" + (viewBoxEnd < 0 ? QByteArray() : tag.mid(viewBox + 9, viewBoxEnd - viewBox - 9)) + "\">"};
    QByteArray body = svg.mid(openEnd + 1, close - openEnd - 1);
    for (const char* dropped :
        {"<title></title>", "<desc></desc>", " transform=\"matrix(1,0,0,1,0,0)\"", " vector-effect=\"none\""})
        body.replace(dropped, "");
    for (qsizetype from = 0; from < body.size();) {
        qsizetype to = body.indexOf("\n\n", from);
        if (to < 0)
            to = body.size();
        if (QByteArray chunk = squeezed(body.mid(from, to - from)); !chunk.isEmpty())
            chunks.append(chunk);
        from = to + 2;
    }
    chunks.append("</svg>");
    return chunks;
}

// The frames' chunks, each kept once; a frame is runs of chunk numbers: [first, count, first, count, …].
class SharedChunks {
public:
    QJsonArray add(const QList<QByteArray>& chunks)
    {
        QJsonArray runs;
        int first = 0;
        int count = 0;
        for (const QByteArray& chunk : chunks) {
            auto found = m_ids.constFind(chunk);
            if (found == m_ids.constEnd()) {
                found = m_ids.insert(chunk, int(m_chunks.size()));
                m_chunks.append(chunk);
            }
            if (count > 0 && *found == first + count) {
                ++count;
                continue;
            }
            if (count > 0)
                runs << first << count;
            first = *found;
            count = 1;
        }
        if (count > 0)
            runs << first << count;
        return runs;
    }
    // One chunk a line, for a text/plain script element: the markup cannot end it, since QSvgGenerator writes
    // '<' in text as "&lt;" and has no element whose name starts with "script".
    QByteArray lines() const { return m_chunks.join('\n'); }

private:
    QHash<QByteArray, int> m_ids;
    QList<QByteArray> m_chunks;
};

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

// The page around the frames: CSS, markup and the player, all inline.
QByteArray page(const Session& session, const QString& fontFamily, const QString& selection, const QJsonObject& data,
    const QByteArray& chunks)
{
    const QString title = session.title();
    const QString description = exampleDescription(qs(session.scenario().description));
    // in a script element '<' could end it early; "\u003c" is the same character to JSON
    const QByteArray json = QJsonDocument(data).toJson(QJsonDocument::Compact).replace("<", "\\u003c");
    QString html;
    html += QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n")
                .arg(escaped(Text::tr("en", "the language tag of the exported animation page")));
    html += QStringLiteral("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                           "<meta name=\"generator\" content=\"Tidemark %1\">\n"
                           // no request for an icon either
                           "<link rel=\"icon\" href=\"data:,\">\n<title>%2</title>\n")
                .arg(escaped(QString::fromLatin1(io::version())), escaped(title));
    // the frames' text in the font the app drew it with where the reader has it (a CSS rule overrides the
    // family QSvgGenerator writes, which may be an alias such as "Sans Serif" that only fontconfig knows)
    QString family = fontFamily;
    family.remove(QLatin1Char('"')).remove(QLatin1Char('\\')).remove(QLatin1Char('<'));
    html += QStringLiteral(R"(<style>
:root { color-scheme: light; }
body { margin: 0; padding: 1.2rem 2rem 2rem; font: 20px/1.45 system-ui, "Segoe UI", "DejaVu Sans", sans-serif;
  color: #1b1f24; background: #ffffff; }
h1 { font-size: 1.9rem; line-height: 1.2; margin: 0 0 .4rem; }
.description { margin: 0 0 .8rem; max-width: 70em; color: #3d4550; font-size: .9rem; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: .6rem 0; }
button { font: inherit; font-size: 1.1rem; min-width: 3.2rem; padding: .3rem .8rem; color: #1b1f24;
  background: #eef1f5; border: 2px solid #5a6573; border-radius: .4rem; cursor: pointer; }
button:hover { background: #dde3ea; }
button[aria-pressed="true"] { background: #1f5fbf; border-color: #1f5fbf; color: #ffffff; }
button:focus-visible, input:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
#scrub { flex: 1 1 12rem; min-width: 8rem; accent-color: #1f5fbf; }
.position { margin: .2rem 0 .6rem; }
#step { font-size: 1.45rem; font-weight: 700; }
.player { position: sticky; top: 0; z-index: 1; background: #ffffff; padding-bottom: .1rem; }
#time, #counter { color: #3d4550; margin-left: .8rem; }
figure { margin: 0; }
#frame { border: 1px solid #c9d0d8; }
#frame svg { display: block; width: 100%; height: auto; }
#narration { margin-top: .8rem; font-size: 1.3rem; max-width: 60em; }
#narration p { margin: 0 0 .5rem; }
#skipped { color: #4d5660; font-style: italic; }
#lesson { margin-top: .8rem; padding: .6rem 1rem; max-width: 60em; font-size: 1.3rem; background: #fff6d6;
  border-left: .4rem solid #c98a00; }
#lesson p { margin: 0 0 .4rem; }
#predict { font-weight: 700; }
.note, .keys, footer { color: #3d4550; font-size: .9rem; max-width: 70em; }
)");
    html += QStringLiteral("#frame text { font-family: \"%1\", sans-serif; }\n").arg(family);
    html += QStringLiteral(
        R"(kbd { font: inherit; padding: 0 .3em; border: 1px solid #8a94a0; border-radius: .25em; background: #f6f8fa; }
</style>
</head>
<body>
)");
    html += QStringLiteral("<header>\n<h1>%1</h1>\n").arg(escaped(title));
    if (!description.isEmpty())
        html += QStringLiteral("<p class=\"description\">%1</p>\n").arg(escaped(description));
    // the buttons and where the player is stay in sight while the frame and its narration are scrolled to
    html += QStringLiteral(
        "</header>\n<main>\n<div class=\"player\">\n<div class=\"bar\" role=\"toolbar\" aria-label=\"%1\">\n")
                .arg(escaped(Text::tr("Player")));
    for (const auto& [id, label, symbol] : {std::tuple {"first", Text::tr("First step (Home)"), QStringLiteral("|◀")},
             std::tuple {"prev", Text::tr("Previous step (←)"), QStringLiteral("◀")},
             std::tuple {"play", Text::tr("Play or pause (P)"), Text::tr("▶ Play")},
             std::tuple {"next", Text::tr("Next step (→ or Space)"), QStringLiteral("▶")},
             std::tuple {"last", Text::tr("Last step (End)"), QStringLiteral("▶|")}})
        html += QStringLiteral("<button type=\"button\" id=\"%1\" title=\"%2\" aria-label=\"%2\"%3>%4</button>\n")
                    .arg(QLatin1String(id), escaped(label),
                        QLatin1String(qstrcmp(id, "play") == 0 ? " aria-pressed=\"false\"" : ""), escaped(symbol));
    html += QStringLiteral("<input type=\"range\" id=\"scrub\" min=\"0\" max=\"%1\" value=\"0\" aria-label=\"%2\">\n"
                           "</div>\n")
                .arg(data.value(QLatin1String("frames")).toArray().size() - 1)
                .arg(escaped(Text::tr("Frame")));
    html += QStringLiteral(
        "<p class=\"position\" aria-live=\"polite\"><span id=\"step\"></span><span id=\"time\"></span>"
        "<span id=\"counter\"></span></p>\n</div>\n<figure><div id=\"frame\" role=\"img\"></div></figure>\n"
        "<aside id=\"lesson\" aria-live=\"polite\" hidden><p id=\"note\"></p><p id=\"predict\" hidden></p>"
        "<button type=\"button\" id=\"reveal\" hidden>%1</button></aside>\n"
        "<section id=\"narration\" aria-live=\"polite\"><p id=\"skipped\" hidden></p><div id=\"sentences\"></div>"
        "</section>\n")
                .arg(escaped(Text::tr("Reveal (R)")));
    html += QStringLiteral("<noscript><p>%1</p></noscript>\n")
                .arg(escaped(Text::tr("This page needs JavaScript to play its frames.")));
    html += QStringLiteral("<p class=\"note\">%1</p>\n").arg(escaped(selection));
    html += QStringLiteral("<p class=\"keys\">%1</p>\n</main>\n")
                .arg(escaped(Text::tr("Keys: %1 or %2 next step, %3 previous step, %4 first step, %5 last step, %6 "
                                      "play or pause, %7 reveal a prediction."))
                         .arg(QStringLiteral("<kbd>→</kbd>"), QStringLiteral("<kbd>Space</kbd>"),
                             QStringLiteral("<kbd>←</kbd>"), QStringLiteral("<kbd>Home</kbd>"),
                             QStringLiteral("<kbd>End</kbd>"), QStringLiteral("<kbd>P</kbd>"),
                             QStringLiteral("<kbd>R</kbd>")));
    html += QStringLiteral("<footer>%1</footer>\n")
                .arg(escaped(Text::tr("Exported from Tidemark %1.").arg(QString::fromLatin1(io::version()))));
    QByteArray out = html.toUtf8();
    out += "<script type=\"application/json\" id=\"tidemark-frames\">" + json + "</script>\n";
    out += "<script type=\"text/plain\" id=\"tidemark-chunks\">" + chunks + "</script>\n";
    out += R"(<script>
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('tidemark-frames').textContent);
  var chunks = document.getElementById('tidemark-chunks').textContent.split('\n');
  var frames = data.frames, last = frames.length - 1, index = -1, timer = null;
  // a prediction being held: the frame of its marker, and the step it holds back (-1: none)
  var held = -1, hidden = -1;
  function el(id) { return document.getElementById(id); }
  function svgOf(frame) {
    var out = [];
    for (var i = 0; i < frame.parts.length; i += 2)
      for (var c = frame.parts[i], end = c + frame.parts[i + 1]; c < end; ++c) out.push(chunks[c]);
    return out.join('');
  }
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === index) return;
    index = i;
    var f = frames[i];
    el('frame').innerHTML = svgOf(f);
    el('frame').setAttribute('aria-label', f.label);
    el('step').textContent = f.heading;
    el('time').textContent = f.time;
    el('counter').textContent = data.text.frame.replace('%1', i + 1).replace('%2', frames.length);
    el('skipped').textContent = f.skipped;
    el('skipped').hidden = !f.skipped;
    var sentences = el('sentences');
    sentences.textContent = '';
    f.narration.forEach(function (s) {
      var p = document.createElement('p');
      p.textContent = s;
      sentences.appendChild(p);
    });
    // left by going back before the marker, or revealed by going to the step it held
    if (held >= 0 && (i < held || f.step >= hidden)) held = hidden = -1;
    if (held < 0 && f.lesson.hidden !== undefined) {
      held = i;
      hidden = f.lesson.hidden;
      if (timer !== null) play(false); // the class predicts before the page goes on
    }
    el('lesson').hidden = !f.lesson.note && held < 0;
    el('note').textContent = f.lesson.note || (held >= 0 ? frames[held].lesson.note : '');
    el('predict').textContent = data.text.predict;
    el('predict').hidden = held < 0;
    el('reveal').hidden = held < 0;
    el('scrub').value = i;
    document.body.dataset.frame = i;
    document.body.dataset.step = f.step;
  }
  function play(on) {
    if (on === (timer !== null)) return;
    if (on) {
      if (index === last) show(0);
      timer = setInterval(function () {
        if (!forward() || index === last) play(false);
      }, data.interval);
    } else {
      clearInterval(timer);
      timer = null;
    }
    el('play').textContent = on ? data.text.pause : data.text.play;
    el('play').setAttribute('aria-pressed', on ? 'true' : 'false');
  }
  function go(i) { play(false); show(i); }
  // Stepping and playing stop before a held step; the scrubber and End go there on purpose, which reveals it.
  function forward() {
    if (held >= 0 && index < last && frames[index + 1].step >= hidden) { play(false); el('reveal').focus(); return false; }
    show(index + 1);
    return true;
  }
  function reveal() {
    if (held < 0) return;
    var to = index;
    while (to < last && frames[to].step < hidden) ++to;
    go(to);
  }
  el('first').addEventListener('click', function () { go(0); });
  el('prev').addEventListener('click', function () { go(index - 1); });
  el('play').addEventListener('click', function () { play(timer === null); });
  el('next').addEventListener('click', function () { play(false); forward(); });
  el('reveal').addEventListener('click', reveal);
  el('last').addEventListener('click', function () { go(last); });
  el('scrub').addEventListener('input', function () { go(Number(el('scrub').value)); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    switch (e.key) {
    case 'ArrowRight': case ' ': play(false); forward(); break;
    case 'r': case 'R': reveal(); break;
    case 'ArrowLeft': go(index - 1); break;
    case 'Home': go(0); break;
    case 'End': go(last); break;
    case 'p': case 'P': play(timer === null); break;
    default: return;
    }
    e.preventDefault(); // the slider and a focused button do not take the key as well
  });
  document.addEventListener('keyup', function (e) { if (e.key === ' ') e.preventDefault(); });
  // page.html#step=95 opens at that step's frame, or the frame before it
  var at = /step=(\d+)/.exec(location.hash);
  var start = 0;
  while (at && start < last && frames[start + 1].step <= Number(at[1])) ++start;
  show(start);
})();
</script>
</body>
</html>
)";
    return out;
}

} // namespace

std::vector<int> animationSteps(Session& session, TimeCursor::Granularity granularity)
{
    // the stops as the cursor's own stepping finds them, by a cursor of its own that moves nothing
    TimeCursor probe(&session);
    probe.setGranularity(granularity);
    const int last = session.lastStep();
    std::vector<int> steps {last};
    for (int s = probe.snapped(last - 1); s > 0; s = probe.snapped(s - 1))
        steps.push_back(s);
    if (last > 0)
        steps.push_back(0);
    // every lesson marker is a frame of its own, where its note shows, as presenter mode stops there
    for (const LessonMarker& m : session.lesson()) {
        if (int(m.step) <= last) // markers past the run's last step are kept and not shown
            steps.push_back(int(m.step));
    }
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    return steps;
}

AnimationExportResult writeAnimationPage(
    ExportPicture& view, TimeCursor& cursor, const QString& path, const AnimationOptions& options, QString* error)
{
    Session& session = *cursor.session();
    QSaveFile file(path);
    // opened first: a file that cannot be written says so before any frame is drawn
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return AnimationExportResult::Failed;
    }
    const std::vector<int> steps = animationSteps(session, options.granularity);
    SharedChunks chunks;
    QJsonArray frames;
    const AnimationExportResult drawn = CursorTour(cursor).visit(steps, options, [&](int i) {
        const int step = steps[std::size_t(i)];
        QJsonArray narration;
        for (const NarrationSentence& sentence : session.narration().sentences)
            narration.append(qs(sentence.text));
        if (narration.isEmpty())
            narration.append(Text::tr("Nothing has happened yet."));
        const int previous = i > 0 ? steps[std::size_t(i - 1)] : 0;
        QJsonObject lesson;
        if (const LessonMarker* marker = session.markerAt(step)) {
            lesson.insert(QStringLiteral("note"), qs(marker->note));
            // a prediction holds the next fire back until the reader reveals it, as presenter mode does
            if (marker->predict && step < session.lastStep())
                lesson.insert(QStringLiteral("hidden"), cursor.hiddenStepAfter(step));
        }
        frames.append(QJsonObject {
            {QStringLiteral("lesson"), lesson},
            {QStringLiteral("step"), step},
            {QStringLiteral("heading"), Text::tr("Step %1 of %2").arg(step).arg(session.lastStep())},
            {QStringLiteral("time"),
                Text::tr("processing time %1").arg(Session::formatProcessingTime(session.processingTime()))},
            {QStringLiteral("label"), Text::tr("The timeline at step %1").arg(step)},
            {QStringLiteral("narration"), narration},
            {QStringLiteral("skipped"),
                step - previous > 1 ? skippedText(options.granularity, previous + 1, step - 1) : QString()},
            {QStringLiteral("parts"), chunks.add(frameChunks(timelineSvg(view, QString(), QString())))},
        });
        return true;
    });
    if (drawn != AnimationExportResult::Written)
        return drawn; // the save file is discarded
    const QJsonObject data {
        {QStringLiteral("frames"), frames},
        {QStringLiteral("interval"), 700}, // ms per frame while playing
        {QStringLiteral("text"),
            QJsonObject {
                {QStringLiteral("frame"), Text::tr("frame %1 of %2")},
                {QStringLiteral("play"), Text::tr("▶ Play")},
                {QStringLiteral("pause"), Text::tr("❚❚ Pause")},
                {QStringLiteral("predict"),
                    Text::tr("Predict first: what happens next? The next fire is held back until you reveal it.")},
            }},
    };
    const QString selection = selectionText(options.granularity, int(steps.size()), session.lastStep() + 1);
    const QString family = QFontInfo(view.pictureWidget().font()).family();
    if (file.write(page(session, family, selection, data, chunks.lines())) < 0 || !file.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return AnimationExportResult::Failed;
    }
    return AnimationExportResult::Written;
}

namespace {

const QStringList& frameFilePatterns()
{
    static const QStringList patterns {QStringLiteral("frame-*.png"), QStringLiteral("frames.txt")};
    return patterns;
}

// Encoding a PNG takes longer than drawing it: the frames are written on other threads while the next ones are
// drawn, a few at a time so that the images waiting stay few.
class PngWriter {
public:
    PngWriter()
        : m_slots(QThread::idealThreadCount() + 1)
    {
        m_pool.setMaxThreadCount(QThread::idealThreadCount());
    }
    ~PngWriter() { m_pool.waitForDone(); }
    PngWriter(const PngWriter&) = delete;
    PngWriter& operator=(const PngWriter&) = delete;

    // Waits while the threads are all busy.
    void write(QImage image, const QString& path)
    {
        m_slots.acquire();
        m_pool.start([this, image = std::move(image), path] {
            QImageWriter writer(path, "png");
            // for PNG, "quality" is the compression level backwards: 70 is zlib's level 2, twice as fast as the
            // default for a tenth more bytes
            writer.setQuality(70);
            if (!writer.write(image)) {
                const QMutexLocker lock(&m_mutex);
                if (m_error.isEmpty())
                    m_error = QStringLiteral("%1: %2").arg(path, writer.errorString());
            }
            m_slots.release();
        });
    }
    // The first write that failed so far ("path: reason"), or empty.
    QString error() const
    {
        const QMutexLocker lock(&m_mutex);
        return m_error;
    }
    QString finish()
    {
        m_pool.waitForDone();
        return error();
    }

private:
    QThreadPool m_pool;
    QSemaphore m_slots;
    mutable QMutex m_mutex;
    QString m_error;
};

} // namespace

bool holdsAnimationFrames(const QString& folder)
{
    return !QDir(folder).entryList(frameFilePatterns(), QDir::Files).isEmpty();
}

AnimationExportResult writeAnimationFrames(
    ExportPicture& view, TimeCursor& cursor, const QString& folder, const AnimationOptions& options, QString* error)
{
    auto fail = [error](const QString& what, const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(what, why);
        return AnimationExportResult::Failed;
    };
    QDir dir(folder);
    if (!dir.mkpath(QStringLiteral(".")))
        return fail(folder, Text::tr("the folder cannot be made"));
    if (holdsAnimationFrames(folder)) {
        if (!options.replaceFrames)
            return fail(folder, Text::tr("the folder already holds animation frames (frame-*.png, frames.txt)"));
        for (const QString& name : dir.entryList(frameFilePatterns(), QDir::Files)) {
            if (!dir.remove(name))
                return fail(dir.filePath(name), Text::tr("cannot be removed"));
        }
    }
    Session& session = *cursor.session();
    const std::vector<int> steps = animationSteps(session, options.granularity);
    const int digits = std::max(4, int(QString::number(steps.size()).size()));
    QStringList written;
    QStringList lines {
        QStringList {Text::tr("file"), Text::tr("step"), Text::tr("processing time"), Text::tr("narration")}.join(
            QLatin1Char('\t'))};
    PngWriter png;
    AnimationExportResult result = CursorTour(cursor).visit(steps, options, [&](int i) {
        if (!png.error().isEmpty())
            return false;
        const QString name = QStringLiteral("frame-%1.png").arg(i + 1, digits, 10, QLatin1Char('0'));
        written << name;
        png.write(timelineImage(view, options.pixelRatio), dir.filePath(name));
        lines << QStringList {name, QString::number(steps[std::size_t(i)]),
            Session::formatProcessingTime(session.processingTime()), narrationLine(session)}
                     .join(QLatin1Char('\t'));
        return true;
    });
    QString why = png.finish();
    if (result == AnimationExportResult::Written && !why.isEmpty())
        result = AnimationExportResult::Failed;
    if (result == AnimationExportResult::Written) {
        QSaveFile list(dir.filePath(QStringLiteral("frames.txt")));
        if (!list.open(QIODevice::WriteOnly)
            || list.write((lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8()) < 0 || !list.commit()) {
            why = QStringLiteral("%1: %2").arg(list.fileName(), list.errorString());
            result = AnimationExportResult::Failed;
        }
    }
    if (result != AnimationExportResult::Written) {
        // no half sequence is left behind to be mistaken for a whole one
        for (const QString& name : written)
            dir.remove(name);
        if (error && result == AnimationExportResult::Failed)
            *error = why;
    }
    return result;
}

} // namespace tidemark::app
