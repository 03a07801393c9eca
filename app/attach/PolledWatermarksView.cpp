#include "app/attach/PolledWatermarksView.h"

#include "app/Theme.h"
#include "app/attach/PollHistory.h"

#include <QDateTime>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>

namespace tidemark::app {

namespace {

const WebUiVertex* findVertex(const AttachSample& sample, const QString& id)
{
    for (const WebUiVertex& v : sample.vertices) {
        if (QString::fromStdString(v.id) == id)
            return &v;
    }
    return nullptr;
}

// What a vertex's line shows: its input watermarks, or for a source (no input watermark) its output.
bool showsOutput(const WebUiVertex& v)
{
    return std::none_of(v.subtasks.begin(), v.subtasks.end(),
        [](const WebUiSubtask& s) { return s.currentInputWatermark.has_value(); });
}

std::optional<Timestamp> shown(const WebUiVertex& v, const WebUiSubtask& s)
{
    return showsOutput(v) ? s.currentOutputWatermark : s.currentInputWatermark;
}

bool finite(Timestamp t)
{
    return t > kMinTimestamp && t < kMaxTimestamp;
}

// Epoch milliseconds of this century read as a time of day; anything else as the number.
QString valueLabel(Timestamp t, bool withDate)
{
    if (t <= kMinTimestamp)
        return PolledWatermarksView::tr("No Watermark");
    if (t == kMaxTimestamp)
        return QStringLiteral("+∞");
    if (t >= 946684800000LL && t < 4102444800000LL)
        return QDateTime::fromMSecsSinceEpoch(t).toString(
            withDate ? QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz") : QStringLiteral("HH:mm:ss.zzz"));
    return QString::number(t);
}

} // namespace

PolledWatermarksView::PolledWatermarksView(PollHistory* history, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_history(history)
    , m_theme(theme)
{
    setMinimumSize(360, 220);
    connect(m_history, &PollHistory::appended, this, qOverload<>(&QWidget::update));
    connect(m_history, &PollHistory::currentChanged, this, qOverload<>(&QWidget::update));
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
}

void PolledWatermarksView::setVertex(const QString& vertexId)
{
    if (vertexId == m_vertex)
        return;
    m_vertex = vertexId;
    update();
}

QRectF PolledWatermarksView::plotRect() const
{
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + 16;
    const double legend = 16 + fm.height() * 1.4 * 1; // the title line
    return QRectF(left, legend + 8, std::max(10.0, width() - left - 16),
        std::max(10.0, height() - legend - 8 - fm.height() - 14));
}

void PolledWatermarksView::paintEvent(QPaintEvent*)
{
    const ThemeColors& c = m_theme->colors();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), c.background);
    const QFontMetrics fm(font());
    const QRectF plot = plotRect();
    const AttachSample* current = m_history->currentSample();
    const WebUiVertex* now = current ? findVertex(*current, m_vertex) : nullptr;
    if (!now) {
        p.setPen(c.mutedText);
        p.drawText(rect(), Qt::AlignCenter,
            m_history->isEmpty() ? tr("Waiting for the first poll…") : tr("This vertex is not in the poll looked at."));
        return;
    }

    // the value range over every poll kept, so that stepping back does not rescale the picture
    Timestamp low = kMaxTimestamp;
    Timestamp high = kMinTimestamp;
    bool anyMax = false;
    for (int i = 0; i < m_history->size(); ++i) {
        const WebUiVertex* v = findVertex(m_history->at(i), m_vertex);
        if (!v)
            continue;
        for (const WebUiSubtask& s : v->subtasks) {
            if (const auto value = shown(*v, s); value && finite(*value)) {
                low = std::min(low, *value);
                high = std::max(high, *value);
            } else if (value && *value == kMaxTimestamp) {
                anyMax = true;
            }
        }
    }
    const bool hasRange = low <= high;
    if (hasRange && high - low < 1000) {
        low -= 500;
        high += 500;
    }
    const double span = hasRange ? double(high - low) : 1.0;
    const double top = plot.top() + (anyMax ? fm.height() + 4 : 0);
    auto yOf = [&](Timestamp t) {
        if (t == kMaxTimestamp)
            return plot.top() + 2;
        return top + (plot.bottom() - top) * (1.0 - double(t - low) / span) * 0.9 + (plot.bottom() - top) * 0.05;
    };
    const int n = m_history->size();
    auto xOf = [&](int i) { return n <= 1 ? plot.center().x() : plot.left() + plot.width() * i / double(n - 1); };

    // frame, value grid and labels
    p.setPen(QPen(c.grid, 1));
    p.drawRect(plot);
    if (hasRange) {
        for (int k = 0; k <= 4; ++k) {
            const Timestamp t = low + static_cast<Timestamp>(std::llround(span * k / 4.0));
            const double y = yOf(t);
            p.setPen(QPen(c.gridMinor, 1, Qt::DotLine));
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            p.setPen(c.mutedText);
            p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 6, fm.height()),
                Qt::AlignRight | Qt::AlignVCenter, valueLabel(t, false));
        }
    }
    p.setPen(c.mutedText);
    p.drawText(QRectF(plot.left(), plot.bottom() + 4, plot.width(), fm.height()), Qt::AlignLeft,
        tr("poll %1").arg(m_history->at(0).poll));
    p.drawText(QRectF(plot.left(), plot.bottom() + 4, plot.width(), fm.height()), Qt::AlignRight,
        tr("poll %1").arg(m_history->newest().poll));
    p.drawText(QRectF(plot.left(), plot.bottom() + 4, plot.width(), fm.height()), Qt::AlignHCenter, tr("poll time →"));

    // each subtask's line, held from one poll to the next; no line where it has no watermark
    const bool output = showsOutput(*now);
    // A line through the polls where `valueAt` has a watermark, held from one poll to the next.
    const auto steps = [&](const auto& valueAt) {
        QPainterPath path;
        bool open = false;
        for (int i = 0; i < n; ++i) {
            const WebUiVertex* v = findVertex(m_history->at(i), m_vertex);
            const std::optional<Timestamp> value = v ? valueAt(*v) : std::nullopt;
            if (!value || *value <= kMinTimestamp) {
                open = false;
                continue;
            }
            const QPointF at(xOf(i), yOf(*value));
            if (open)
                path.lineTo(QPointF(at.x(), path.currentPosition().y())); // held until this poll
            else
                path.moveTo(at);
            path.lineTo(at);
            open = true;
        }
        return path;
    };
    for (std::size_t s = 0; s < now->subtasks.size(); ++s) {
        const QPainterPath path = steps(
            [&](const WebUiVertex& v) { return s < v.subtasks.size() ? shown(v, v.subtasks[s]) : std::nullopt; });
        p.setPen(QPen(m_theme->keyColor(int(s)), 2 * m_theme->scale()));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }
    // the low watermark: the min-combine, drawn as the timeline draws the operator watermark
    if (!output) {
        const QPainterPath path = steps([](const WebUiVertex& v) { return webUiLowWatermark(v); });
        p.setPen(QPen(c.operatorWatermark, 2.5 * m_theme->scale(), Qt::DashLine));
        p.drawPath(path);
    }

    // the poll looked at
    const double x = xOf(m_history->current());
    p.setPen(QPen(c.cursorLine, 1.5));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    const int holding = output ? -1 : webUiHoldingSubtask(*now);
    for (std::size_t s = 0; s < now->subtasks.size(); ++s) {
        const auto value = shown(*now, now->subtasks[s]);
        if (!value || *value <= kMinTimestamp)
            continue;
        const QPointF at(x, yOf(*value));
        if (int(s) == holding && webUiLowWatermark(*now)) {
            p.setPen(QPen(c.operatorWatermark, 2));
            p.setBrush(c.holdingBack);
            p.drawEllipse(at, 8, 8);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(m_theme->keyColor(int(s)));
        p.drawEllipse(at, 4, 4);
    }

    // the title line: what is drawn, then each subtask's value at this poll, the holder first marked
    QString title = output ? tr("%1 — a source reports no input watermark: its subtasks' output watermarks")
                                 .arg(QString::fromStdString(now->name))
                           : tr("%1 — currentInputWatermark per subtask; dashed: the low watermark (their minimum)")
                                 .arg(QString::fromStdString(now->name));
    p.setPen(c.text);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(8, 4, width() - 16, fm.height() + 2), Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(title, Qt::ElideRight, width() - 16));
    p.setFont(font());

    // a legend box in the plot's corner: the values at this poll
    QStringList lines;
    for (std::size_t s = 0; s < now->subtasks.size(); ++s) {
        const auto value = shown(*now, now->subtasks[s]);
        QString line = tr("subtask %1: %2")
                           .arg(now->subtasks[s].subtask)
                           .arg(value ? valueLabel(*value, false) : tr("not reported"));
        if (int(s) == holding && webUiLowWatermark(*now) && now->subtasks.size() > 1)
            line += tr("  ▲ holds the vertex back");
        lines << line;
    }
    if (!output) {
        const auto lowNow = webUiLowWatermark(*now);
        lines << tr("low watermark: %1")
                     .arg(lowNow ? valueLabel(*lowNow, false) : tr("none (a subtask has No Watermark)"));
    }
    int boxWidth = 0;
    for (const QString& l : lines)
        boxWidth = std::max(boxWidth, fm.horizontalAdvance(l));
    const double lineHeight = fm.height() + 2;
    QRectF box(plot.left() + 8, plot.top() + 8, boxWidth + 30, lineHeight * lines.size() + 8);
    QColor boxFill = c.background;
    boxFill.setAlpha(225);
    p.setPen(QPen(c.grid, 1));
    p.setBrush(boxFill);
    p.drawRoundedRect(box, 4, 4);
    for (int i = 0; i < lines.size(); ++i) {
        const double y = box.top() + 4 + lineHeight * i;
        const bool lowLine = !output && i == lines.size() - 1;
        if (lowLine) {
            p.setPen(QPen(c.operatorWatermark, 2.5, Qt::DashLine));
            p.drawLine(QPointF(box.left() + 6, y + lineHeight / 2), QPointF(box.left() + 22, y + lineHeight / 2));
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(m_theme->keyColor(i));
            p.drawEllipse(QPointF(box.left() + 14, y + lineHeight / 2), 4, 4);
        }
        p.setPen(i == holding ? c.operatorWatermark : c.text);
        p.drawText(QRectF(box.left() + 26, y, boxWidth + 4, lineHeight), Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
    }
}

void PolledWatermarksView::mousePressEvent(QMouseEvent* event)
{
    const QRectF plot = plotRect();
    const int n = m_history->size();
    if (n == 0 || !plot.contains(event->position()))
        return;
    const double at = n <= 1 ? 0.0 : (event->position().x() - plot.left()) / plot.width() * (n - 1);
    m_history->setCurrent(int(std::lround(at)));
}

} // namespace tidemark::app
