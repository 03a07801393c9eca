#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <string>
#include <vector>

namespace tidemark::app {

// The languages the app speaks besides its source language (English): "zh_CN". Translations are compiled
// into the binary (":/i18n/tidemark_<lang>.qm"); resources/translations/*.ts are their sources.
QStringList translatedLanguages();

// The language to start in: `commandLine` (--lang) when given, else the one chosen in View ▸ Language
// (QSettings "language"), else the system locale. "" means the system locale; "en" means no translation.
QString startupLanguage(const QString& commandLine);
// View ▸ Language remembers the choice here; it takes effect at the next start.
QString savedLanguage();
void saveLanguage(const QString& language);

// Installs the app's translator and, when Qt ships one, Qt's own (standard dialogs) for `language` ("" =
// QLocale::system()), replacing any installed before. Returns the language loaded, or "" when the app stays
// in English. Call before any widget exists: texts are translated when widgets are built.
QString installTranslators(const QString& language);

// The narration's templates (engine/player/Narration.cpp) in the installed language, for
// Narrator::setTemplates; empty while the app runs in English.
std::map<std::string, std::string> translatedNarrationTemplates();

// A scenario's name in the installed language: the built-in examples' names are translated, other names are
// returned as they are.
QString exampleName(const QString& name);
// The example names marked for lupdate, to check that every built-in example is among them.
QStringList exampleNameSources();
inline constexpr const char* kExamplesContext = "tidemark::app::Examples";

// A built-in example's description (its English text from the .json file) in the installed language; other
// texts are returned as they are.
QString exampleDescription(const QString& english);
// The example descriptions marked for lupdate, to check that every built-in example's description is among them.
QStringList exampleDescriptionSources();
inline constexpr const char* kExampleDescriptionsContext = "tidemark::app::ExampleDescriptions";

// The narration templates as lupdate sees them (id, English text), to check they mirror the engine's table.
struct NarrationSource {
    const char* id;
    const char* text;
};
std::vector<NarrationSource> narrationSources();

// The translation context of the narration templates (the id is the disambiguation).
inline constexpr const char* kNarrationContext = "tidemark::Narration";

} // namespace tidemark::app
