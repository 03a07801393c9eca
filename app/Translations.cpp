#include "app/Translations.h"

#include "engine/player/Narration.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace tidemark::app {

namespace {

// The engine's narration templates, repeated here only so that lupdate finds them (it reads no tables).
// tst_translations checks that this list mirrors narrationTemplates() exactly; the engine's text is what is
// looked up at run time, with the template id as disambiguation.
struct Marked {
    const char* source;
    const char* comment;
};
constexpr Marked kNarration[] = {
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Nothing has happened yet: every watermark is {watermark} (Long.MIN_VALUE).", "start"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Record {record} ({key}, {ts}) arrives on channel {channel}.", "arrival.event"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Record {record} ({ts}) arrives on channel {channel}.", "arrival.event.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Watermark record {record} ({watermark}) arrives on channel {channel}.",
        "arrival.watermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Watermark record {record} ({watermark}) arrives on every channel.",
        "arrival.watermark.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Key {key} is in key group {keyGroup} of {maxParallelism}, so subtask {subtask} processes it.",
        "route.subtask"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "It goes into window {window}, which now holds {count}.", "element.added"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "It goes into window {window} although the watermark {watermark} has passed the window's end − 1 ms: it is "
        "within the allowed lateness of {lateness} (cleanup at {cleanup}), so the window fires again.",
        "element.added.late"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "It belongs to no window.", "element.nowindow"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — dropped.",
        "late.dropped"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — sent to "
        "the late side output.",
        "late.side"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Channel {channel}'s watermark becomes {watermark} (max {max} − {lag}).",
        "channel.watermark.generator"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Channel {channel}'s watermark becomes {watermark}.", "channel.watermark.record"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} does not forward it: its watermark is already {watermark}, and watermarks never go back.",
        "channel.watermark.ignored"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Channel {channel}'s watermark stays at {watermark}.", "channel.watermark.same"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel}'s generator now stands at {pending} (max {max} − {lag}); it is emitted at the next periodic "
        "emission, at {next}.",
        "channel.generator.waits"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} is marked idle and left out of the minimum: the periodic check at {since} was the first to "
        "see no new record, and this check at {now} is more than {idleness} after it.",
        "channel.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Channel {channel} is active again.", "channel.active"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Periodic watermark emission on channel {channel} (every {period}).", "periodic"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "The operator watermark advances from {before} to {after}.", "operator.advance.single"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark advances from {before} to {after}: it is the minimum of the channels, and channel "
        "{channel} holds it.",
        "operator.advance"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Every channel is now idle: the valve flushes the largest channel watermark, so the operator watermark "
        "advances from {before} to {after}, and the operator's input is marked idle.",
        "operator.advance.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Every channel is now idle: the operator watermark stays at {watermark} (no channel watermark above it to "
        "flush), and the operator's input is marked idle.",
        "operator.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark stays at {watermark}: it is the minimum of the channels, and channel {channel} holds "
        "it back.",
        "operator.stays"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: watermark {watermark} ≥ window end − 1 ms.", "fire.ontime"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: the end-of-input watermark passes every window.",
        "fire.endofinput"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires again {subject} with {count}: the late record came within the allowed lateness "
        "(watermark {watermark} < cleanup time {cleanup}).",
        "fire.late"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: the count trigger reached {n}.", "fire.count"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: processing time {now} ≥ window end − 1 ms.", "fire.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires early {subject} with {count}: the continuous trigger's interval of {interval} has "
        "passed (watermark {watermark}).",
        "fire.continuous"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Result: {result}.", "fire.result"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed: the watermark {watermark} reached its cleanup time {cleanup} (end − 1 "
        "ms + allowed lateness {lateness}).",
        "cleanup"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed: processing time reached its cleanup time {cleanup} (the window end − 1 "
        "ms).",
        "cleanup.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Records discarded without being emitted (none of its firings included them): {count}.", "cleanup.discarded"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed right after firing: the allowed lateness is 0 ms.", "cleanup.immediate"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Subtask {subtask}'s processing time reaches {now}, where a timer is due.", "timer.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "End of input: every channel emits once more, then the final watermark +∞ (Long.MAX_VALUE), which fires every "
        "remaining window.",
        "end.of.input"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Nothing else changes.", "nothing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "for key {key}", "phrase.subject.key"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "(windowAll)", "phrase.subject.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "{n} record", "phrase.records.one"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "{n} records", "phrase.records.many"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "global", "phrase.window.global"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "none", "phrase.result.none"),
};

// The names of the built-in examples (resources/examples/*.json), for lupdate; tst_translations checks that
// every example's name is here. Their long descriptions stay in English.
constexpr const char* kExampleNames[] = {
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "A count trigger instead of the watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "An idle partition stalls the watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "withIdleness releases a stalled watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "windowAll (compare with keyed windows)"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Keyed windows (compare with windowAll)"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Late data to a side output"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Daily windows aligned to UTC+8"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 1, no allowed lateness"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 1, allowed lateness 2 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 3, no allowed lateness"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 3, allowed lateness 2 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 001: socket words, delay 0"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 001: socket words, delay 3 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 002: allowed lateness 1 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 003: orders from ...480000"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 003: orders from ...481000"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Session windows merging"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Sliding windows: 10 s every 5 s"),
};

std::unique_ptr<QTranslator> g_app;
std::unique_ptr<QTranslator> g_qt;

const QString kLanguageKey = QStringLiteral("language");

void removeTranslators()
{
    for (std::unique_ptr<QTranslator>* t : {&g_app, &g_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(t->get());
            t->reset();
        }
    }
}

} // namespace

QStringList translatedLanguages()
{
    return {QStringLiteral("zh_CN")};
}

QString savedLanguage()
{
    return QSettings().value(kLanguageKey).toString();
}

void saveLanguage(const QString& language)
{
    QSettings().setValue(kLanguageKey, language);
}

QString startupLanguage(const QString& commandLine)
{
    if (!commandLine.isEmpty())
        return commandLine;
    return savedLanguage();
}

QString installTranslators(const QString& language)
{
    removeTranslators();
    if (language == QLatin1String("en") || language == QLatin1String("C"))
        return {};
    // QTranslator::load(QLocale, …) tries the locale's UI languages in turn ("zh_Hans_CN" → "zh_CN" → "zh").
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto app = std::make_unique<QTranslator>();
    if (!app->load(locale, QStringLiteral("tidemark"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return {};
    QCoreApplication::installTranslator(app.get());
    const QString loaded = app->language();
    g_app = std::move(app);
    // Qt's own strings (the buttons of QMessageBox, QFileDialog); optional, from qt6-translations-l10n.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        g_qt = std::move(qt);
    }
    return loaded.isEmpty() ? locale.name() : loaded;
}

std::map<std::string, std::string> translatedNarrationTemplates()
{
    std::map<std::string, std::string> out;
    if (!g_app)
        return out;
    for (const NarrationTemplate& t : narrationTemplates()) {
        const std::string id(t.id);
        const std::string text(t.text);
        const QString translated = QCoreApplication::translate(kNarrationContext, text.c_str(), id.c_str());
        if (translated != QString::fromUtf8(text.c_str()))
            out.emplace(id, translated.toStdString());
    }
    return out;
}

QString exampleName(const QString& name)
{
    return QCoreApplication::translate(kExamplesContext, name.toUtf8().constData());
}

QStringList exampleNameSources()
{
    QStringList out;
    for (const char* n : kExampleNames)
        out << QString::fromUtf8(n);
    return out;
}

std::vector<NarrationSource> narrationSources()
{
    std::vector<NarrationSource> out;
    for (const Marked& m : kNarration)
        out.push_back({m.comment, m.source});
    return out;
}

} // namespace tidemark::app
