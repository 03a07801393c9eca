#pragma once

#include "engine/compare/Comparison.h"
#include "engine/core/Scenario.h"

#include <QList>
#include <QString>

class QWidget;

namespace tidemark::app {

class CompareWindow;
class Theme;

// Where the compare window is opened from (docs/app.md, Compare). Every function that opens a window shows it
// as a window of its own over `parent` (deleted when closed; `theme` null: it follows the saved palette) and
// returns it, or returns null with the reason in `error`. The "ask" functions talk to the user themselves:
// a dialog first, and the reason in a message box when it fails.

// Two scenarios in memory: A and B of the comparison.
CompareWindow* openComparison(
    const compare::Comparison& comparison, QWidget* parent, QString* error = nullptr, Theme* theme = nullptr);

// The built-in comparisons (io::comparisons(), then io::graphComparisons()), each sorted by file name, for a menu: each
// with its name and description (tooltip), both in the user's language.
struct ComparisonInfo {
    QString path;
    QString name;
    QString description;
};
QList<ComparisonInfo> builtInComparisons();
// A comparison file (compare::loadComparisonFile), built in or not; errors are `file:line:column: message`.
CompareWindow* openComparisonFile(
    const QString& path, QWidget* parent, QString* error = nullptr, Theme* theme = nullptr);
// The comparison FILE names on a command line: an existing comparison file, or a built-in comparison's name
// that is no file and no example ("post000-parallelism"). Empty when FILE is something else.
QString findComparisonFile(const QString& fileOrName);

// `current` (what the main window shows) as A, a scenario file as B; refused, with the first record that
// differs, when the file does not read the same events.
CompareWindow* compareWithScenarioFile(
    const Scenario& current, const QString& path, QWidget* parent, QString* error = nullptr, Theme* theme = nullptr);
// "Compare with another scenario…": asks for the file (QFileDialog), then compareWithScenarioFile.
CompareWindow* askToCompareWithFile(const Scenario& current, QWidget* parent, Theme* theme = nullptr);
// "Duplicate this run as B and change one setting": CompareSetupDialog over `current` (GraphCompareSetupDialog over a
// job graph), then the comparison.
CompareWindow* askToCompareWithChangedSetting(const Scenario& current, QWidget* parent, Theme* theme = nullptr);

} // namespace tidemark::app
