#include "app/attach/WebUiWatermarksModel.h"

#include "app/Theme.h"

#include <QDateTime>
#include <QFont>
#include <QStringList>

#include <algorithm>

namespace tidemark::app {

namespace {

QString number(Timestamp t)
{
    return QString::fromStdString(webUiWatermarkText(t));
}

// Flink writes Long.MAX_VALUE, the end-of-input watermark, as the number; the picture says what it is.
QString shortValue(Timestamp t)
{
    if (t <= kMinTimestamp)
        return WebUiWatermarksModel::tr("No Watermark");
    if (t == kMaxTimestamp)
        return WebUiWatermarksModel::tr("Long.MAX_VALUE (end of input)");
    return QString::number(t);
}

} // namespace

WebUiWatermarksModel::WebUiWatermarksModel(Theme* theme, QObject* parent)
    : QAbstractTableModel(parent)
    , m_theme(theme)
{ }

void WebUiWatermarksModel::setDateTimeFormat(std::function<QString(Timestamp)> format)
{
    m_format = std::move(format);
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, Datetime), index(rowCount() - 1, Datetime));
}

void WebUiWatermarksModel::setVertices(std::vector<WebUiVertex> vertices)
{
    beginResetModel();
    m_vertices = std::move(vertices);
    m_rows.clear();
    for (std::size_t v = 0; v < m_vertices.size(); ++v) {
        const WebUiVertex& vertex = m_vertices[v];
        m_rows.push_back({RowKind::Heading, v, 0});
        const bool listed = std::any_of(vertex.subtasks.begin(), vertex.subtasks.end(),
            [](const WebUiSubtask& s) { return s.currentInputWatermark.has_value(); });
        if (!listed) {
            m_rows.push_back({RowKind::EmptyTab, v, 0});
            continue;
        }
        for (std::size_t s = 0; s < vertex.subtasks.size(); ++s)
            m_rows.push_back({RowKind::Subtask, v, s});
        m_rows.push_back({RowKind::LowWatermark, v, 0});
    }
    endResetModel();
}

std::vector<int> WebUiWatermarksModel::headingRows() const
{
    std::vector<int> rows;
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].kind == RowKind::Heading)
            rows.push_back(static_cast<int>(r));
    }
    return rows;
}

int WebUiWatermarksModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int WebUiWatermarksModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString WebUiWatermarksModel::dateTimeText(Timestamp t) const
{
    if (t <= kMinTimestamp)
        return QStringLiteral("-"); // Flink's humanizeWatermarkToDatetime
    if (m_format)
        return m_format(t);
    if (t == kMaxTimestamp)
        return QStringLiteral("+∞");
    return QDateTime::fromMSecsSinceEpoch(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

QString WebUiWatermarksModel::subtaskNote(const WebUiVertex& vertex, const WebUiSubtask& s)
{
    QStringList notes;
    if (!s.currentInputWatermark)
        notes << tr("not reported");
    const int holding = webUiHoldingSubtask(vertex);
    if (vertex.subtasks.size() > 1 && webUiLowWatermark(vertex) && holding >= 0
        && vertex.subtasks[static_cast<std::size_t>(holding)].subtask == s.subtask)
        notes << tr("▲ holds the low watermark");
    if (s.idle)
        notes << (s.currentInputWatermark ? tr("idle: every input is idle, so downstream ignores it, but the low "
                                               "watermark still counts it")
                                          : tr("idle"));
    if (!s.inputWatermarks.empty()) {
        QStringList inputs;
        std::size_t low = 0;
        for (std::size_t i = 0; i < s.inputWatermarks.size(); ++i) {
            inputs << tr("input %1: %2").arg(i + 1).arg(shortValue(s.inputWatermarks[i]));
            if (s.inputWatermarks[i] < s.inputWatermarks[low])
                low = i;
        }
        notes << inputs.join(QStringLiteral(", "));
        if (s.inputWatermarks.size() > 1)
            notes << tr("input %1 holds it").arg(low + 1);
    }
    if (s.minChannel >= 0 && !s.idle && s.currentInputWatermark && *s.currentInputWatermark > kMinTimestamp)
        notes << tr("min over its channels: channel %1 holds it").arg(s.minChannel);
    if (s.currentOutputWatermark)
        notes << tr("emits %1 (currentOutputWatermark)").arg(shortValue(*s.currentOutputWatermark));
    return notes.join(QStringLiteral(" · "));
}

QString WebUiWatermarksModel::lowWatermarkNote(const WebUiVertex& vertex)
{
    const auto low = webUiLowWatermark(vertex);
    const int holding = webUiHoldingSubtask(vertex);
    if (!low)
        return holding < 0 ? tr("not shown: no subtask reported a watermark")
                           : tr("not shown: subtask %1 has No Watermark yet")
                                 .arg(vertex.subtasks[static_cast<std::size_t>(holding)].subtask);
    QStringList notes;
    const WebUiSubtask& holder = vertex.subtasks[static_cast<std::size_t>(holding)];
    notes
        << tr("min over %n subtask(s); subtask %1 holds it", nullptr, int(vertex.subtasks.size())).arg(holder.subtask);
    if (holder.idle)
        notes << tr("subtask %1 is idle: downstream ignores it, so the job is further than this").arg(holder.subtask);
    else if (std::any_of(vertex.subtasks.begin(), vertex.subtasks.end(), [](const WebUiSubtask& s) { return s.idle; }))
        notes << tr("idle subtasks count here though downstream ignores them");
    return notes.join(QStringLiteral(" · "));
}

QVariant WebUiWatermarksModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const WebUiVertex& vertex = m_vertices[row.vertex];
    std::optional<Timestamp> value;
    const WebUiSubtask* subtask = nullptr;
    if (row.kind == RowKind::Subtask) {
        subtask = &vertex.subtasks[row.subtask];
        value = subtask->currentInputWatermark;
    } else if (row.kind == RowKind::LowWatermark) {
        value = webUiLowWatermark(vertex);
    }

    const QString name = QString::fromStdString(vertex.name);
    if (row.kind == RowKind::Heading) {
        switch (role) {
        case Qt::DisplayRole:
            return index.column() == SubTask ? tr("%1 — parallelism %2").arg(name).arg(vertex.parallelism) : QVariant();
        case Qt::ToolTipRole:
            return name;
        case RowKindRole:
            return int(row.kind);
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        default:
            return {};
        }
    }

    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        if (role == Qt::ToolTipRole && index.column() != Picture && index.column() != Watermark)
            return name;
        switch (index.column()) {
        case SubTask:
            if (row.kind == RowKind::LowWatermark)
                return QStringLiteral("Low Watermark"); // as Flink's job graph labels it
            return row.kind == RowKind::Subtask ? QVariant(subtask->subtask) : QVariant();
        case Watermark:
            if (row.kind == RowKind::EmptyTab)
                return role == Qt::ToolTipRole ? tr("Flink lists no rows here") : QString();
            return value ? number(*value) : QString();
        case Datetime:
            return value ? dateTimeText(*value) : QString();
        case Picture:
            if (row.kind == RowKind::EmptyTab) {
                QStringList outputs;
                for (const WebUiSubtask& s : vertex.subtasks) {
                    if (s.currentOutputWatermark)
                        outputs << tr("%1: %2").arg(s.subtask).arg(shortValue(*s.currentOutputWatermark));
                }
                const QString empty = vertex.source ? tr("Flink lists no rows: a source has no input watermark")
                                                    : tr("Flink lists no rows: no subtask reported a watermark yet");
                return outputs.isEmpty() ? empty
                                         : tr("%1 · its subtasks emit (currentOutputWatermark) %2")
                                               .arg(empty, outputs.join(QStringLiteral(", ")));
            }
            return row.kind == RowKind::LowWatermark ? lowWatermarkNote(vertex) : subtaskNote(vertex, *subtask);
        default:
            return {};
        }
    case WatermarkRole:
        return value ? QVariant(qint64(*value)) : QVariant();
    case RowKindRole:
        return int(row.kind);
    case Qt::FontRole:
        if (row.kind == RowKind::LowWatermark) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ForegroundRole:
        if (!m_theme)
            return {};
        if (row.kind == RowKind::LowWatermark)
            return m_theme->colors().operatorWatermark;
        if (row.kind == RowKind::EmptyTab || (subtask && subtask->idle))
            return m_theme->colors().mutedText;
        return {};
    case Qt::BackgroundRole:
        if (m_theme && row.kind == RowKind::Subtask && vertex.subtasks.size() > 1 && webUiLowWatermark(vertex)
            && webUiHoldingSubtask(vertex) == static_cast<int>(row.subtask)) {
            return m_theme->colors().holdingBack; // the tint of the timeline's lane at the minimum
        }
        return {};
    default:
        return {};
    }
}

QVariant WebUiWatermarksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        // the three columns of Flink's Watermarks tab, named as Flink names them
        case SubTask:
            return QStringLiteral("SubTask");
        case Watermark:
            return QStringLiteral("Watermark");
        case Datetime:
            return QStringLiteral("Datetime of Watermark Timestamp");
        case Picture:
            return tr("Tidemark's picture");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Watermark:
            return tr("currentInputWatermark as Flink reports it: the watermark the subtask's input last passed on, "
                      "the minimum over its active input channels");
        case Datetime:
            return tr("Flink writes it in the browser's time zone; here in the run's time zone");
        case Picture:
            return tr("What the timeline shows for the same moment, which the Web UI does not");
        default:
            return {};
        }
    }
    return {};
}

} // namespace tidemark::app
