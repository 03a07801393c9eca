#include "app/panels/ProgressChart.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <ranges>

namespace tidemark::app {

namespace {

// Keep ≤ 2 points per pixel column: the lowest and highest event time of each column.
QList<QPointF> decimate(const std::vector<QPointF>& points, double xMin, double xMax, int columns)
{
    QList<QPointF> out;
    if (points.size() <= std::size_t(columns) * 2) {
        out.reserve(qsizetype(points.size()));
        for (const QPointF& p : points)
            out.push_back(p);
        return out;
    }
    const double width = std::max(xMax - xMin, 1e-9);
    std::vector<QPointF> lo(std::size_t(columns), QPointF(0, std::numeric_limits<double>::max()));
    std::vector<QPointF> hi(std::size_t(columns), QPointF(0, std::numeric_limits<double>::lowest()));
    for (const QPointF& p : points) {
        const auto c = std::size_t(std::clamp(int((p.x() - xMin) / width * columns), 0, columns - 1));
        if (p.y() < lo[c].y())
            lo[c] = p;
        if (p.y() > hi[c].y())
            hi[c] = p;
    }
    for (std::size_t c = 0; c < std::size_t(columns); ++c) {
        if (lo[c].y() == std::numeric_limits<double>::max())
            continue;
        out.push_back(lo[c]);
        if (hi[c] != lo[c])
            out.push_back(hi[c]);
    }
    return out;
}

// A watermark history as a step line (value holds until the next point), ≤ 2 points per column.
QList<QPointF> stepLine(
    std::span<const WatermarkPoint> history, Timestamp origin, double endPt, int columns, StepIndex upTo)
{
    std::vector<QPointF> pts;
    double lastY = std::numeric_limits<double>::quiet_NaN();
    for (const WatermarkPoint& p : history) {
        if (p.step > upTo)
            break;
        if (p.watermark == kMinTimestamp || p.watermark == kMaxTimestamp)
            continue;
        const double x = double(p.processingTime) / 1000.0;
        const double y = double(p.watermark - origin) / 1000.0;
        if (!std::isnan(lastY))
            pts.emplace_back(x, lastY);
        pts.emplace_back(x, y);
        lastY = y;
    }
    if (!std::isnan(lastY))
        pts.emplace_back(endPt, lastY);
    QList<QPointF> out;
    if (pts.size() <= std::size_t(columns) * 4) {
        for (const QPointF& p : pts)
            out.push_back(p);
        return out;
    }
    // dense history: one point per column (the last value in it) keeps the shape of the staircase
    const double xMax = std::max(endPt, 1e-9);
    int lastColumn = -1;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const int c = int(pts[i].x() / xMax * columns);
        if (c != lastColumn || i + 1 == pts.size()) {
            out.push_back(pts[i]);
            lastColumn = c;
        } else {
            out.back() = pts[i];
        }
    }
    return out;
}

} // namespace

ProgressChart::ProgressChart(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QChartView(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
    , m_x(new QValueAxis)
    , m_y(new QValueAxis)
    , m_arrived(new QScatterSeries)
    , m_pending(new QScatterSeries)
    , m_operator(new QLineSeries)
    , m_fires(new QScatterSeries)
    , m_lateFires(new QScatterSeries)
    , m_now(new QLineSeries)
{
    setRenderHint(QPainter::Antialiasing);
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    // the chart fills the view, so that the legend drawn over its top margin lies on its background
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    chart->legend()->hide(); // drawn whole by drawForeground
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_x->setTitleText(tr("processing time (s)"));
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setTickCount(4);
    // Whole seconds until a run is loaded: the default 0..1 range would label its ticks "0 0 1 1".
    m_x->setTickCount(6);
    m_x->setRange(0, 10);
    m_y->setRange(0, 30);
    m_pending->setName(tr("records to come"));
    m_arrived->setName(tr("records"));
    m_operator->setName(tr("operator watermark"));
    m_fires->setName(tr("fire"));
    m_lateFires->setName(tr("late re-fire"));
    m_now->setName(tr("now"));
    for (QScatterSeries* s : {m_pending, m_arrived, m_fires, m_lateFires})
        s->setMarkerSize(9);
    m_fires->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_lateFires->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_fires->setMarkerSize(14);
    m_lateFires->setMarkerSize(14);
    for (QAbstractSeries* s :
        std::initializer_list<QAbstractSeries*> {m_pending, m_arrived, m_operator, m_fires, m_lateFires, m_now}) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    // QChartView starts with a chart of its own and hands it back on setChart(): delete it, or it leaks
    QChart* initial = this->chart();
    setChart(chart);
    delete initial;
    connect(m_cursor, &TimeCursor::runChanged, this, &ProgressChart::onRunChanged);
    // A live run grows ten times a second: its series are redrawn at most four times a second.
    m_extended = new QTimer(this);
    m_extended->setSingleShot(true);
    m_extended->setInterval(250);
    connect(m_extended, &QTimer::timeout, this, &ProgressChart::onRunChanged);
    connect(m_cursor, &TimeCursor::runExtended, m_extended, [this] {
        if (!m_extended->isActive())
            m_extended->start();
    });
    connect(m_cursor, &TimeCursor::runChanged, m_extended, &QTimer::stop);
    connect(m_cursor, &TimeCursor::stepChanged, this, &ProgressChart::onStepChanged);
    connect(m_theme, &Theme::changed, this, &ProgressChart::applyTheme);
    applyTheme();
    // in a graph, another operator selected draws its event time
    connect(m_cursor, &TimeCursor::selectionChanged, this, [this] {
        if (m_session->hasGraph() && graphOperator() != m_graphOperator) {
            setGraphOperator(graphOperator());
            onStepChanged();
        }
    });
    if (hasData())
        onRunChanged();
}

bool ProgressChart::hasData() const
{
    return m_session->hasRun() || m_session->hasGraph();
}

int ProgressChart::graphOperator() const
{
    const GraphDocument& g = m_session->graph();
    const int selected = m_cursor->selection().stream;
    if (selected >= g.streams().sourceCount() && selected < g.streams().streamCount())
        return g.streams().node(selected).op;
    const int sink = m_session->graphAt().sink >= 0 ? m_session->graphAt().sink : g.picture().sinks().front();
    return g.streams().node(sink).op;
}

StepIndex ProgressChart::arrivalStep(RecordIndex r) const
{
    return m_session->hasGraph() ? m_graphArrivalSteps[r] : m_session->trace().placements()[r].arrivalStep;
}

Timestamp ProgressChart::arrivalTimestamp(RecordIndex r) const
{
    if (m_session->hasGraph()) {
        const GraphRun& run = m_session->graph().run();
        const GraphArrival& a = run.arrivals()[r];
        return run.graph().sources[std::size_t(a.source)].records[a.record].ts;
    }
    return m_session->trace().recordTimestamps()[r];
}

Timestamp ProgressChart::stepTime(StepIndex s) const
{
    return m_session->hasGraph() ? m_session->graph().run().trace().step(s).processingTime
                                 : m_session->trace().step(s).processingTime;
}

int ProgressChart::columns() const
{
    return std::max(50, int(chart()->plotArea().width() > 0 ? chart()->plotArea().width() : width()));
}

double ProgressChart::yOf(Timestamp t) const
{
    return double(t - m_origin) / 1000.0;
}

qsizetype ProgressChart::pointCount() const
{
    qsizetype n = m_arrived->count() + m_pending->count() + m_operator->count() + m_fires->count()
        + m_lateFires->count() + m_now->count();
    for (const QLineSeries* s : m_channels)
        n += s->count();
    return n;
}

void ProgressChart::applyTheme()
{
    const ThemeColors& c = m_theme->colors();
    const double scale = m_theme->scale();
    chart()->setBackgroundBrush(c.laneBackground);
    chart()->setPlotAreaBackgroundBrush(c.laneBackground);
    chart()->setPlotAreaBackgroundVisible(true);
    for (QValueAxis* a : {m_x, m_y}) {
        a->setLabelsColor(c.text);
        a->setTitleBrush(c.text);
        a->setGridLineColor(c.gridMinor);
        a->setLinePenColor(c.grid);
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.9 * scale);
        a->setLabelsFont(f);
        a->setTitleFont(f);
    }
    QColor pending = c.mutedText;
    pending.setAlpha(90);
    m_pending->setColor(pending);
    m_pending->setBorderColor(Qt::transparent);
    m_arrived->setColor(m_theme->keyColor(0));
    m_arrived->setBorderColor(Qt::transparent);
    m_operator->setPen(QPen(c.operatorWatermark, 3.0 * scale));
    m_fires->setColor(c.fire);
    m_fires->setBorderColor(c.fire.darker(130));
    m_lateFires->setColor(c.lateFire);
    m_lateFires->setBorderColor(c.lateFire.darker(130));
    QPen now(c.cursorLine, 1.5 * scale, Qt::DashLine);
    m_now->setPen(now);
    for (std::size_t i = 0; i < m_channels.size(); ++i) {
        QColor cc = c.channelWatermark;
        cc = QColor::fromHsvF(std::fmod(cc.hsvHueF() + 0.12 * double(i), 1.0), 0.55, cc.valueF());
        m_channels[i]->setPen(QPen(cc, 1.5 * scale));
    }
    layOutLegend();
}

void ProgressChart::onRunChanged()
{
    for (QLineSeries* s : m_channels) {
        chart()->removeSeries(s);
        delete s;
    }
    m_channels.clear();
    layOutLegend(); // it named the series just deleted
    m_arrivals = std::vector<RecordIndex>(); // a smaller run after a large one does not keep its room
    m_arrivalsOf = 0;
    m_graphArrivalSteps = std::vector<StepIndex>();
    if (m_session->hasGraph())
        return onGraphChanged();
    if (!m_session->hasRun())
        return;
    m_operator->setName(tr("operator watermark"));
    const Trace& trace = m_session->trace();
    m_origin = m_session->minEventTime();
    const auto placements = trace.placements();
    m_arrivals.reserve(placements.size()); // 10M records: no copies as it grows
    for (RecordIndex r = 0; r < placements.size(); ++r) {
        if (trace.isEvent(r) && placements[r].arrivalStep != kNoStep)
            m_arrivals.push_back(r);
    }
    m_arrivalsOf = placements.size();
    const auto byStep
        = [&placements](RecordIndex a, RecordIndex b) { return placements[a].arrivalStep < placements[b].arrivalStep; };
    // Records listed in arrival order are in step order already: checking costs a pass, sorting 10M a second.
    if (!std::is_sorted(m_arrivals.begin(), m_arrivals.end(), byStep))
        std::stable_sort(m_arrivals.begin(), m_arrivals.end(), byStep);
    m_runsColumns = 0;
    m_maxPt = std::max(1.0, double(trace.step(StepIndex(trace.stepCount() - 1)).processingTime) / 1000.0);
    std::vector<QString> channels;
    for (int c = 0; c < trace.channelCount(); ++c)
        channels.push_back(tr("channel %1 watermark").arg(c));
    addSeries(channels);
}

void ProgressChart::onGraphChanged()
{
    // every source's event records in step order (their ranks in the run's arrivals), each with its step
    const GraphRun& run = m_session->graph().run();
    const GraphTrace& trace = run.trace();
    m_origin = m_session->minEventTime();
    m_graphArrivalSteps.assign(run.arrivals().size(), kNoStep);
    for (StepIndex s = 1; s < trace.stepCount(); ++s) {
        const GraphStep& step = trace.step(s);
        if (step.kind == EventQueue::Kind::Arrival && step.channel >= 0) {
            m_graphArrivalSteps[step.subject] = s;
            m_arrivals.push_back(step.subject);
        }
    }
    m_arrivalsOf = m_graphArrivalSteps.size();
    m_runsColumns = 0;
    m_maxPt = std::max(1.0, double(trace.step(StepIndex(trace.stepCount() - 1)).processingTime) / 1000.0);
    setGraphOperator(graphOperator());
    std::vector<QString> channels;
    const GraphPipeline& end = run.pipeline();
    for (int src = 0; src < end.streams().sourceCount(); ++src) {
        const GraphSource& source = run.graph().sources[std::size_t(src)];
        for (int c = 0; c < end.streams().node(src).parallelism; ++c)
            channels.push_back(
                tr("%1 %2 watermark")
                    .arg(QString::fromStdString(source.name), QString::fromStdString(source.channelName(c))));
    }
    addSeries(channels);
}

void ProgressChart::addSeries(const std::vector<QString>& channels)
{
    for (const QString& name : channels) {
        auto* s = new QLineSeries;
        s->setName(name);
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_channels.push_back(s);
    }
    // operator watermark and current line above the channel lines
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*> {m_operator, m_fires, m_lateFires, m_now}) {
        chart()->removeSeries(s);
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    const double yMin = 0.0;
    const double yMax = std::max(1.0, yOf(m_session->maxEventTime()));
    m_x->setRange(0, m_maxPt * 1.02);
    m_y->setRange(yMin - (yMax - yMin) * 0.05, yMax + (yMax - yMin) * 0.05);
    m_y->applyNiceNumbers();
    m_x->applyNiceNumbers();
    setToolTip(tr("Event time in seconds after %1 (the first record), against the player's processing time. "
                  "Points are records, step lines the watermarks, triangles the fires.")
                   .arg(m_session->formatDateTime(m_origin)));
    applyTheme();
    onStepChanged();
}

void ProgressChart::onStepChanged()
{
    if (!hasData())
        return;
    const int step = m_session->currentStep();
    const int cols = columns();
    const double nowPt = double(m_session->processingTime()) / 1000.0;
    // A run replaced by a shorter one before runChanged reached this chart: its records are not those listed.
    const std::size_t records
        = m_session->hasGraph() ? m_session->graph().run().arrivals().size() : m_session->trace().placements().size();
    if (records != m_arrivalsOf && (m_session->hasGraph() || records < m_arrivalsOf))
        return;
    const auto split
        = static_cast<std::size_t>(std::partition_point(m_arrivals.begin(), m_arrivals.end(),
                                       [this, step](RecordIndex r) { return arrivalStep(r) <= StepIndex(step); })
            - m_arrivals.begin());
    const auto point = [this](std::size_t i) { return QPointF(ptOf(i), tsOf(i)); };
    QList<QPointF> arrived;
    QList<QPointF> pending;
    if (m_arrivals.size() <= std::size_t(cols) * 2) {
        for (std::size_t i = 0; i < m_arrivals.size(); ++i)
            (i < split ? arrived : pending).push_back(point(i));
    } else {
        if (m_runsColumns != cols)
            buildColumnRuns(cols);
        const auto lowAndHigh = [&](QList<QPointF>& out, const ColumnRun& run) {
            out.push_back(point(run.lo));
            if (run.hi != run.lo)
                out.push_back(point(run.hi));
        };
        for (const ColumnRun& run : m_columnRuns) {
            if (run.end <= split) {
                lowAndHigh(arrived, run);
            } else if (run.begin >= split) {
                lowAndHigh(pending, run);
            } else {
                lowAndHigh(arrived, columnRun(run.begin, split));
                lowAndHigh(pending, columnRun(split, run.end));
            }
        }
    }
    m_arrived->replace(arrived);
    m_pending->replace(pending);
    m_now->replace({QPointF(nowPt, m_y->min()), QPointF(nowPt, m_y->max())});
    if (m_session->hasGraph())
        return graphLines(StepIndex(step), nowPt, cols);
    const Trace& trace = m_session->trace();
    for (int c = 0; c < int(m_channels.size()); ++c)
        m_channels[std::size_t(c)]->replace(
            stepLine(trace.channelWatermarks(c), m_origin, nowPt, cols, StepIndex(step)));
    if (trace.subtaskCount() > 0)
        m_operator->replace(stepLine(trace.subtaskWatermarks(0), m_origin, nowPt, cols, StepIndex(step)));
    std::vector<QPointF> fires;
    std::vector<QPointF> late;
    for (const FireRecord& f : trace.firesInSteps(0, StepIndex(step))) {
        const QPointF p(double(trace.step(f.step).processingTime) / 1000.0, yOf(f.fire.window.maxTimestamp()));
        (f.fire.timing == FireTiming::OnTime ? fires : late).push_back(p);
    }
    m_fires->replace(decimate(fires, 0, m_maxPt, cols));
    m_lateFires->replace(decimate(late, 0, m_maxPt, cols));
}

void ProgressChart::graphLines(StepIndex step, double nowPt, int cols)
{
    const GraphRun& run = m_session->graph().run();
    const GraphTrace& trace = run.trace();
    const GraphPipeline& end = run.pipeline();
    std::size_t line = 0;
    for (int src = 0; src < end.streams().sourceCount(); ++src) {
        for (int c = 0; c < end.streams().node(src).parallelism && line < m_channels.size(); ++c)
            m_channels[line++]->replace(
                stepLine(trace.channelWatermarks(end.channelOf(src, c)), m_origin, nowPt, cols, step));
    }
    m_operator->replace(stepLine(trace.operatorWatermarks(m_graphOperator, 0), m_origin, nowPt, cols, step));
    // the operator's fires by the step
    std::vector<QPointF> fires;
    std::vector<QPointF> late;
    const auto done = std::upper_bound(
        m_graphFires.begin(), m_graphFires.end(), step, [](StepIndex s, const GraphFire& f) { return s < f.step; });
    for (auto f = m_graphFires.begin(); f != done; ++f)
        (f->late ? late : fires).push_back(f->point);
    m_fires->replace(decimate(fires, 0, m_maxPt, cols));
    m_lateFires->replace(decimate(late, 0, m_maxPt, cols));
}

void ProgressChart::setGraphOperator(int op)
{
    m_graphOperator = op;
    const GraphRun& run = m_session->graph().run();
    const GraphTrace& trace = run.trace();
    m_operator->setName(tr("%1 watermark").arg(QString::fromStdString(run.graph().operators[std::size_t(op)].name)));
    layOutLegend(); // the operator's line is named after the operator
    // its fired windows, at their end − 1, in step order: gathered once, not at every step
    m_graphFires.clear();
    for (std::size_t i = 0; i < trace.outputs().size(); ++i) {
        const GraphOutput& o = trace.outputs()[i];
        const auto* fire = std::get_if<FireEvent>(&o.what);
        if (!fire || o.op != op || fire->window.isGlobal())
            continue;
        const StepIndex step = trace.stepOfOutput(i);
        m_graphFires.push_back(
            {step, QPointF(double(trace.step(step).processingTime) / 1000.0, yOf(fire->window.maxTimestamp())),
                fire->timing != FireTiming::OnTime});
    }
}

StepIndex ProgressChart::stepOf(std::size_t i) const
{
    return arrivalStep(m_arrivals[i]);
}

double ProgressChart::ptOf(std::size_t i) const
{
    return double(stepTime(stepOf(i))) / 1000.0;
}

double ProgressChart::tsOf(std::size_t i) const
{
    return yOf(arrivalTimestamp(m_arrivals[i]));
}

ProgressChart::ColumnRun ProgressChart::columnRun(std::size_t begin, std::size_t end) const
{
    // Compared as timestamps: the order of their y values, without a conversion for each of 10M arrivals.
    ColumnRun run {begin, end, begin, begin};
    Timestamp lo = arrivalTimestamp(m_arrivals[begin]);
    Timestamp hi = lo;
    for (std::size_t i = begin + 1; i < end; ++i) {
        const Timestamp t = arrivalTimestamp(m_arrivals[i]);
        if (t < lo) {
            lo = t;
            run.lo = i;
        }
        if (t > hi) {
            hi = t;
            run.hi = i;
        }
    }
    return run;
}

void ProgressChart::buildColumnRuns(int columns)
{
    m_columnRuns.clear();
    m_runsColumns = columns;
    const double width = std::max(m_maxPt, 1e-9);
    const auto columnOf = [&](std::size_t i) { return std::clamp(int(ptOf(i) / width * columns), 0, columns - 1); };
    // Arrivals in step order are in processing-time order: each column's run ends where the next column's
    // begins, found by a search rather than by the column of each arrival.
    for (std::size_t begin = 0; begin < m_arrivals.size();) {
        const int column = columnOf(begin);
        const auto rest = std::views::iota(begin + 1, m_arrivals.size());
        const std::size_t end = begin + 1 + std::size_t(std::ranges::partition_point(rest, [&](std::size_t i) {
            return columnOf(i) == column;
        }) - rest.begin());
        m_columnRuns.push_back(columnRun(begin, end));
        begin = end;
    }
}

void ProgressChart::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    layOutLegend();
    onStepChanged();
}

namespace {

constexpr double kLegendMargin = 6; // left and right of the legend's rows and the caption

// An entry's symbol takes a little more than a line's height.
double symbolWidth(const QFontMetricsF& fm)
{
    return fm.height() * 1.2;
}

} // namespace

QFont ProgressChart::legendFont() const
{
    QFont f = font();
    f.setPointSizeF(8 * m_theme->scale());
    return f;
}

void ProgressChart::layOutLegend()
{
    const QFontMetricsF fm(legendFont());
    const double rowHeight = fm.height() + 2;
    const double symbol = symbolWidth(fm);
    const double gap = fm.averageCharWidth() * 2;
    const double left = kLegendMargin;
    const double right = std::max(left + symbol, double(viewport()->width()) - kLegendMargin);
    double x = left;
    double y = 4;
    m_legend.clear();
    const auto isChannel
        = [this](QAbstractSeries* s) { return std::find(m_channels.begin(), m_channels.end(), s) != m_channels.end(); };
    for (QAbstractSeries* series : chart()->series()) {
        if (series == m_now) // the dashed "now" line explains itself
            continue;
        if (isChannel(series) && m_channels.size() > 1) {
            if (series != m_channels.front())
                continue;
            m_legend.push_back(
                {m_session->hasGraph() ? tr("sources' channel watermarks")
                                       : tr("channel %1–%2 watermarks").arg(0).arg(m_channels.size() - 1),
                    {m_channels.begin(), m_channels.end()}, {}});
        } else {
            m_legend.push_back({series->name(), {series}, {}});
        }
    }
    for (LegendEntry& entry : m_legend) {
        const double width = symbol + 4 + fm.horizontalAdvance(entry.text);
        if (x > left && x + width > right) {
            x = left;
            y += rowHeight;
        }
        entry.box = QRectF(x, y, std::min(width, right - x), rowHeight);
        x += width + gap;
    }
    m_captionTop = y + rowHeight + 2;
    const int top = int(std::ceil(m_captionTop + QFontMetricsF(m_y->titleFont()).height()));
    if (chart()->margins().top() != top)
        chart()->setMargins(QMargins(4, top, 4, 4));
    viewport()->update();
}

void ProgressChart::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    const ThemeColors& c = m_theme->colors();
    const QFont font = legendFont();
    const QFontMetricsF fm(font);
    const double symbol = symbolWidth(fm);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(font);
    for (const LegendEntry& entry : m_legend) {
        QPointF centre(entry.box.left() + symbol / 2, entry.box.center().y());
        // several lines: one short line of each colour, a little apart
        const double spread = fm.height() * 0.5 / double(entry.series.size());
        centre.ry() -= spread * double(entry.series.size() - 1) / 2;
        for (const QAbstractSeries* series : entry.series) {
            paintLegendSymbol(*painter, series, centre, symbol);
            centre.ry() += spread;
        }
        painter->setPen(c.text);
        const QRectF text = entry.box.adjusted(symbol + 4, 0, 0, 0);
        painter->drawText(
            text, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(entry.text, Qt::ElideRight, text.width() + 0.5));
    }
    painter->setFont(m_y->titleFont());
    painter->drawText(
        QPointF(kLegendMargin, m_captionTop + QFontMetricsF(m_y->titleFont()).ascent()), tr("event time (s)"));
    painter->restore();
}

void ProgressChart::paintLegendSymbol(
    QPainter& painter, const QAbstractSeries* series, QPointF centre, double width) const
{
    const double r = width * 0.25;
    if (const auto* scatter = qobject_cast<const QScatterSeries*>(series)) {
        painter.setPen(QPen(scatter->borderColor(), 1));
        painter.setBrush(scatter->color());
        if (scatter->markerShape() == QScatterSeries::MarkerShapeTriangle)
            painter.drawPolygon(QPolygonF(
                {centre + QPointF(0, -r * 1.2), centre + QPointF(r * 1.2, r), centre + QPointF(-r * 1.2, r)}));
        else
            painter.drawEllipse(centre, r, r);
    } else if (const auto* line = qobject_cast<const QLineSeries*>(series)) {
        QPen pen = line->pen();
        pen.setWidthF(std::min(pen.widthF(), 3.0 * m_theme->scale()));
        painter.setPen(pen);
        painter.drawLine(centre - QPointF(width / 2 - 1, 0), centre + QPointF(width / 2 - 1, 0));
    }
}

} // namespace tidemark::app
