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

QString exampleDescription(const QString& english)
{
    if (english.isEmpty())
        return english;
    return QCoreApplication::translate(kExampleDescriptionsContext, english.toUtf8().constData());
}

// exampleDescriptionSources(), exampleNameSources() and narrationSources() are generated with the texts they
// list (app/tools/translatable_texts.cpp).

} // namespace tidemark::app
