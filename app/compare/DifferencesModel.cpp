#include "app/compare/DifferencesModel.h"

#include "app/Theme.h"
#include "app/compare/CompareCursor.h"
#include "app/compare/ComparisonRuns.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "engine/core/NumberText.h"
#include "engine/output/OutputFormat.h"

#include <QFont>

namespace tidemark::app {

using compare::Difference;
using compare::DifferenceSide;
using compare::RunSide;

DifferencesModel::DifferencesModel(ComparisonRuns* runs, Theme* theme, QObject* parent)
    : QAbstractTableModel(parent)
    , m_runs(runs)
    , m_theme(theme)
{
    connect(m_theme, &Theme::changed, this, [this] {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, Kind), index(rowCount() - 1, Kind), {Qt::DecorationRole});
    });
}

QColor DifferencesModel::colorOf(const ThemeColors& colors, Difference::Kind kind)
{
    switch (kind) {
    case Difference::Kind::FireMoved:
    case Difference::Kind::ResultDiffers:
        return colors.fire;
    case Difference::Kind::FireOnlyIn:
        return colors.lateFire;
    case Difference::Kind::LateOnlyIn:
        return colors.dropped;
    case Difference::Kind::LateActionDiffers:
        return colors.sideOutput;
    }
    return colors.text;
}

namespace {

// What the output of a difference made in one run only is (a result, a late fire, a side output, a drop).
GraphOutputKind onlyOutputKind(const ComparisonRuns& runs, const compare::GraphDifference& d)
{
    return kindOf(runs.session(d.only)->graph().run().outputs()[*d.side(d.only).output]);
}

} // namespace

QColor DifferencesModel::colorOf(const ThemeColors& colors, const ComparisonRuns& runs, int row)
{
    if (!runs.isGraph())
        return colorOf(colors, runs.difference(row).kind);
    const compare::GraphDifference& d = runs.graphDifference(row);
    if (d.kind != compare::GraphDifference::Kind::OnlyIn)
        return colors.fire;
    switch (onlyOutputKind(runs, d)) {
    case GraphOutputKind::Result: // as a window firing in one run only
    case GraphOutputKind::LateResult:
        return colors.lateFire;
    case GraphOutputKind::SideOutput:
        return colors.sideOutput;
    case GraphOutputKind::Dropped:
        return colors.dropped;
    }
    return colors.text;
}

int DifferencesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_runs->differenceCount();
}

int DifferencesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DifferencesModel::graphKindText(int row) const
{
    const compare::GraphDifference& d = m_runs->graphDifference(row);
    switch (d.kind) {
    case compare::GraphDifference::Kind::Moved:
        return d.resultDiffers ? tr("output moved, result differs") : tr("output moved");
    case compare::GraphDifference::Kind::ResultDiffers:
        return tr("result differs");
    case compare::GraphDifference::Kind::OnlyIn:
        break;
    }
    const bool a = d.only == RunSide::A;
    switch (onlyOutputKind(*m_runs, d)) {
    case GraphOutputKind::Result:
        return a ? tr("output only in A") : tr("output only in B");
    case GraphOutputKind::LateResult:
        return a ? tr("late fire only in A") : tr("late fire only in B");
    case GraphOutputKind::SideOutput:
        return a ? tr("side output only in A") : tr("side output only in B");
    case GraphOutputKind::Dropped:
        return a ? tr("dropped only in A") : tr("dropped only in B");
    }
    return {};
}

QString DifferencesModel::graphSideText(int row, RunSide side) const
{
    const compare::GraphDifference::Side& s = m_runs->graphDifference(row).side(side);
    if (!s.output)
        return tr("not made");
    return tr("step %1 at %2: %3")
        .arg(s.step)
        .arg(Session::formatProcessingTime(s.processingTime),
            QString::fromStdString(m_runs->session(side)->graph().outputText(*s.output)));
}

QString DifferencesModel::kindText(int row) const
{
    if (m_runs->isGraph())
        return graphKindText(row);
    const Difference& d = m_runs->difference(row);
    QStringList parts;
    switch (d.kind) {
    case Difference::Kind::FireMoved:
    case Difference::Kind::ResultDiffers:
        if (d.kind == Difference::Kind::FireMoved)
            parts << tr("fire moved");
        if (d.resultDiffers)
            parts << tr("result differs");
        if (d.timingDiffers)
            parts << tr("timing differs");
        break;
    case Difference::Kind::FireOnlyIn:
        parts << (d.only == RunSide::A ? tr("fire only in A") : tr("fire only in B"));
        break;
    case Difference::Kind::LateOnlyIn:
        parts << (d.only == RunSide::A ? tr("late only in A") : tr("late only in B"));
        break;
    case Difference::Kind::LateActionDiffers:
        parts << tr("late action differs");
        break;
    }
    return parts.join(tr(", "));
}

QString DifferencesModel::subjectText(int row) const
{
    if (m_runs->isGraph())
        return tr("operator %1").arg(QString::fromStdString(m_runs->graphDifference(row).op));
    const Difference& d = m_runs->difference(row);
    // both runs read the same events: A's time format names them
    const Session& a = *m_runs->session(RunSide::A);
    if (d.record != kNoRecord) {
        const InputRecord& r = a.scenario().records[d.record];
        QStringList what;
        if (d.key)
            what << tr("key %1").arg(QString::fromStdString(*d.key));
        what << a.formatTime(r.ts);
        if (r.hasValue)
            what << tr("value %1").arg(QString::fromStdString(formatNumber(r.value)));
        return tr("record %1 (%2)").arg(d.record + 1).arg(what.join(tr(", ")));
    }
    QString text = tr("window %1").arg(a.formatWindow(d.window));
    if (d.key)
        text = tr("%1, key %2").arg(text, QString::fromStdString(*d.key));
    if (d.firing > 1)
        text = tr("%1, firing %2").arg(text).arg(d.firing);
    return text;
}

QString DifferencesModel::sideText(int row, RunSide side) const
{
    if (m_runs->isGraph())
        return graphSideText(row, side);
    const Difference& d = m_runs->difference(row);
    const DifferenceSide& s = d.side(side);
    const Session& session = *m_runs->session(side);
    const int sinkSubtasks = session.scenario().pipeline.window.subtasks();
    const QString step = QString::number(s.step);
    const QString at = Session::formatProcessingTime(s.processingTime);
    if (s.fire) {
        const QString printed
            = QString::fromStdString(output::printedFire(*s.fire, session.scenario().keys, sinkSubtasks));
        const QString text = s.fire->timing == FireTiming::OnTime ? tr("after record %1, step %2 at %3: %4")
                                                                  : tr("late, after record %1, step %2 at %3: %4");
        return text.arg(s.fire->afterInput).arg(step, at, printed);
    }
    if (s.late) {
        const QString text = s.late->action == LateAction::Dropped ? tr("dropped after record %1, step %2 at %3")
                                                                   : tr("side output after record %1, step %2 at %3");
        return text.arg(s.late->afterInput).arg(step, at);
    }
    if (!s.hasStep())
        return d.kind == Difference::Kind::FireOnlyIn ? tr("does not fire") : QStringLiteral("—");
    // a record late in the other run only: here a window took it, when it arrived
    return tr("accepted: record %1 arrives at step %2, %3").arg(d.record + 1).arg(step, at);
}

QString DifferencesModel::detailText(int row) const
{
    QStringList lines {tr("%1: %2").arg(kindText(row), subjectText(row))};
    if (m_runs->isGraph()) {
        const compare::GraphDifference& d = m_runs->graphDifference(row);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            QString line = tr("%1 (%2): %3").arg(runLetter(side), m_runs->label(side), sideText(row, side));
            if (const auto& output = d.side(side).output) {
                const Session& session = *m_runs->session(side);
                const GraphOutput& o = session.graph().run().outputs()[*output];
                line += tr("; subtask %1, its event time %2").arg(o.subtask).arg(session.formatTime(o.watermark));
            }
            lines << line;
        }
        return lines.join(QLatin1Char('\n'));
    }
    const Difference& d = m_runs->difference(row);
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        const DifferenceSide& s = d.side(side);
        const Session& session = *m_runs->session(side);
        QString line = tr("%1 (%2): %3").arg(runLetter(side), m_runs->label(side), sideText(row, side));
        if (s.fire) {
            line += tr("; operator watermark %1, %2 element(s)")
                        .arg(session.formatTime(s.fire->watermark))
                        .arg(s.fire->count);
        } else if (s.late) {
            line += tr("; operator watermark %1").arg(session.formatTime(s.late->watermark));
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant DifferencesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Kind:
            return kindText(row);
        case Subject:
            return subjectText(row);
        case SideA:
            return sideText(row, RunSide::A);
        case SideB:
            return sideText(row, RunSide::B);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return detailText(row);
    case Qt::DecorationRole:
        if (index.column() == Kind)
            return colorOf(m_theme->colors(), *m_runs, row);
        return {};
    case Qt::FontRole:
        if (index.column() == Kind) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case KindRole:
        return m_runs->isGraph() ? int(m_runs->graphDifference(row).kind) : int(m_runs->difference(row).kind);
    case TimeRole:
        return qint64(m_runs->differenceTime(row));
    default:
        return {};
    }
}

QVariant DifferencesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kind:
        return tr("Difference");
    case Subject:
        return m_runs->isGraph() ? tr("Operator") : tr("Window / record");
    case SideA:
        return tr("A: %1").arg(m_runs->label(RunSide::A));
    case SideB:
        return tr("B: %1").arg(m_runs->label(RunSide::B));
    default:
        return {};
    }
}

} // namespace tidemark::app
