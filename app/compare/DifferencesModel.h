#pragma once

#include "engine/compare/RunDifferences.h"

#include <QColor>

#include <QAbstractTableModel>

namespace tidemark::app {

class ComparisonRuns;
class Theme;
struct ThemeColors;

// Where the outputs of the two runs differ, one row per difference in the order they happen: what kind of
// difference, which window firing or record, and what each run did there. The same facts as the lines of
// `tidemark compare` (cli::differenceText, cli::graphDifferenceText for two job graphs), in the user's language and
// with each run's time format.
class DifferencesModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Kind, Subject, SideA, SideB, ColumnCount };
    enum Role {
        KindRole = Qt::UserRole + 1, // int(compare::Difference::Kind), or int(compare::GraphDifference::Kind)
        TimeRole, // the processing time the shared cursor goes to (CompareCursor::timeOf), as qint64
    };

    DifferencesModel(ComparisonRuns* runs, Theme* theme, QObject* parent = nullptr);

    // One colour per kind of difference, the timeline's for the same thing: a fire that moved or printed
    // something else green, a firing in one run only purple, a record late in one run only red, a different
    // late action teal. The list's dots and the scrubber's ticks use it.
    static QColor colorOf(const ThemeColors& colors, compare::Difference::Kind kind);
    // A row's colour: its kind's, or for two job graphs the colour of what the output is (a result's, a late
    // re-fire's, a side output's, a drop's) when one run only has it, a result's when it moved or differs.
    static QColor colorOf(const ThemeColors& colors, const ComparisonRuns& runs, int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "fire moved", "fire moved, result differs", "fire only in B", "late only in A", "late action differs"
    QString kindText(int row) const;
    // "window [10:11:21, 10:11:24), key 0001" (", firing 2" after the first), "record 11 (key 0001, 10:11:30)";
    // for job graphs the operator: "operator paid-per-10s"
    QString subjectText(int row) const;
    // What one run did: "after record 5, step 25 at 4.000 s: (0001,[1538359882000])", "dropped after record
    // 11, step 60 at 10.000 s", "accepted: record 11 arrives at step 158, 10.000 s", "does not fire"; for job
    // graphs the output as `tidemark run` prints it: "step 41 at 4.400 s: paid> (0,10000,3)", or "not made".
    QString sideText(int row, compare::RunSide side) const;
    // All of it in a sentence per line, with each run's watermark and element count (the rows' tooltip).
    QString detailText(int row) const;

private:
    QString graphKindText(int row) const;
    QString graphSideText(int row, compare::RunSide side) const;

    ComparisonRuns* m_runs;
    Theme* m_theme;
};

} // namespace tidemark::app
