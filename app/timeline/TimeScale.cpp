#include "app/timeline/TimeScale.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <array>
#include <cmath>

namespace tidemark::app {

namespace {

constexpr DurationMs kSecond = 1000;
constexpr DurationMs kMinute = 60 * kSecond;
constexpr DurationMs kHour = 60 * kMinute;
constexpr DurationMs kDay = 24 * kHour;

struct LadderStep {
    DurationMs ms;
    TickStep::Unit unit;
};

// Steps a person reads easily on a clock: nobody wants ticks every 7 minutes.
constexpr std::array kClockLadder {
    LadderStep {1, TickStep::Unit::Millisecond},
    LadderStep {2, TickStep::Unit::Millisecond},
    LadderStep {5, TickStep::Unit::Millisecond},
    LadderStep {10, TickStep::Unit::Millisecond},
    LadderStep {20, TickStep::Unit::Millisecond},
    LadderStep {50, TickStep::Unit::Millisecond},
    LadderStep {100, TickStep::Unit::Millisecond},
    LadderStep {200, TickStep::Unit::Millisecond},
    LadderStep {500, TickStep::Unit::Millisecond},
    LadderStep {kSecond, TickStep::Unit::Second},
    LadderStep {2 * kSecond, TickStep::Unit::Second},
    LadderStep {5 * kSecond, TickStep::Unit::Second},
    LadderStep {10 * kSecond, TickStep::Unit::Second},
    LadderStep {15 * kSecond, TickStep::Unit::Second},
    LadderStep {30 * kSecond, TickStep::Unit::Second},
    LadderStep {kMinute, TickStep::Unit::Minute},
    LadderStep {2 * kMinute, TickStep::Unit::Minute},
    LadderStep {5 * kMinute, TickStep::Unit::Minute},
    LadderStep {10 * kMinute, TickStep::Unit::Minute},
    LadderStep {15 * kMinute, TickStep::Unit::Minute},
    LadderStep {30 * kMinute, TickStep::Unit::Minute},
    LadderStep {kHour, TickStep::Unit::Hour},
    LadderStep {2 * kHour, TickStep::Unit::Hour},
    LadderStep {3 * kHour, TickStep::Unit::Hour},
    LadderStep {6 * kHour, TickStep::Unit::Hour},
    LadderStep {12 * kHour, TickStep::Unit::Hour},
    LadderStep {kDay, TickStep::Unit::Day},
    LadderStep {2 * kDay, TickStep::Unit::Day},
    LadderStep {7 * kDay, TickStep::Unit::Day},
    LadderStep {14 * kDay, TickStep::Unit::Day},
    LadderStep {30 * kDay, TickStep::Unit::Day},
    LadderStep {90 * kDay, TickStep::Unit::Day},
    LadderStep {365 * kDay, TickStep::Unit::Day},
};

TickStep::Unit unitOf(DurationMs ms)
{
    if (ms >= kDay && ms % kDay == 0)
        return TickStep::Unit::Day;
    if (ms >= kHour && ms % kHour == 0)
        return TickStep::Unit::Hour;
    if (ms >= kMinute && ms % kMinute == 0)
        return TickStep::Unit::Minute;
    if (ms >= kSecond && ms % kSecond == 0)
        return TickStep::Unit::Second;
    return TickStep::Unit::Millisecond;
}

// floor division for possibly negative numerators
Timestamp floorDiv(Timestamp a, DurationMs b)
{
    Timestamp q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

QString tr(const char* text)
{
    return QCoreApplication::translate("tidemark::app::TimeLabels", text);
}

} // namespace

TimeLabels::TimeLabels(DisplaySettings::TimeFormat format, const QString& zone, Timestamp origin)
    : m_format(format == DisplaySettings::TimeFormat::Auto ? DisplaySettings::TimeFormat::EpochMs : format)
    , m_origin(origin)
{
    const QTimeZone z(zone.toUtf8());
    m_zone = z.isValid() ? z : QTimeZone::utc();
}

DurationMs TimeLabels::utcOffsetMs(Timestamp t) const
{
    if (m_format != DisplaySettings::TimeFormat::DateTime)
        return 0;
    return DurationMs(m_zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(t, QTimeZone::utc()))) * 1000;
}

QString TimeLabels::duration(DurationMs ms)
{
    const bool negative = ms < 0;
    const std::uint64_t a = negative ? 0 - static_cast<std::uint64_t>(ms) : static_cast<std::uint64_t>(ms);
    QString s;
    if (a < 1000)
        s = tr("%1 ms").arg(a);
    else if (a < 60000)
        s = a % 1000 == 0 ? tr("%1 s").arg(a / 1000) : tr("%1 s").arg(double(a) / 1000.0, 0, 'f', 3);
    else if (a < 3600000 && a % 1000 == 0)
        s = a % 60000 == 0 ? tr("%1 min").arg(a / 60000) : tr("%1 min %2 s").arg(a / 60000).arg((a % 60000) / 1000);
    else if (a % 3600000 == 0 && a < 86400000)
        s = tr("%1 h").arg(a / 3600000);
    else if (a % 86400000 == 0)
        s = tr("%1 d").arg(a / 86400000);
    else
        s = tr("%1 s").arg(double(a) / 1000.0, 0, 'f', 3);
    return negative ? QStringLiteral("−") + s : s;
}

QString TimeLabels::exact(Timestamp t) const
{
    if (t == kMinTimestamp)
        return QStringLiteral("−∞");
    if (t == kMaxTimestamp)
        return QStringLiteral("+∞");
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return tr("%1 ms").arg(t);
    case DisplaySettings::TimeFormat::Relative: {
        const Timestamp d = javaSub(t, m_origin);
        return (d >= 0 ? QStringLiteral("+") : QString()) + duration(d);
    }
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    const QDateTime dt = QDateTime::fromMSecsSinceEpoch(t, m_zone);
    return dt.toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString TimeLabels::tickLabel(Timestamp t, const TickStep& step) const
{
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return QString::number(t);
    case DisplaySettings::TimeFormat::Relative: {
        const Timestamp d = javaSub(t, m_origin);
        if (d == 0)
            return QStringLiteral("0");
        return (d > 0 ? QStringLiteral("+") : QString()) + duration(d);
    }
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    const QDateTime dt = QDateTime::fromMSecsSinceEpoch(t, m_zone);
    switch (step.unit) {
    case TickStep::Unit::Millisecond:
        return dt.toString(QStringLiteral("HH:mm:ss.zzz"));
    case TickStep::Unit::Second:
        return dt.toString(QStringLiteral("HH:mm:ss"));
    case TickStep::Unit::Minute:
    case TickStep::Unit::Hour:
        return dt.time() == QTime(0, 0) ? dt.toString(QStringLiteral("MMM d")) : dt.toString(QStringLiteral("HH:mm"));
    case TickStep::Unit::Day:
        return dt.toString(QStringLiteral("yyyy-MM-dd"));
    }
    return {};
}

QString TimeLabels::axisTitle() const
{
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return tr("event time (epoch ms)");
    case DisplaySettings::TimeFormat::Relative:
        return tr("event time since %1 ms").arg(m_origin);
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    const int offset = m_zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(m_origin, QTimeZone::utc()));
    const QString sign = offset < 0 ? QStringLiteral("−") : QStringLiteral("+");
    const int a = std::abs(offset);
    const QString utc = QStringLiteral("UTC%1%2:%3")
                            .arg(sign)
                            .arg(a / 3600, 2, 10, QLatin1Char('0'))
                            .arg((a % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (m_zone == QTimeZone::utc())
        return tr("event time (UTC)");
    return tr("event time (%1, %2)").arg(QString::fromUtf8(m_zone.id()), utc);
}

QString TimeLabels::dateOf(Timestamp t) const
{
    if (m_format != DisplaySettings::TimeFormat::DateTime || t == kMinTimestamp || t == kMaxTimestamp)
        return {};
    return QDateTime::fromMSecsSinceEpoch(t, m_zone).toString(QStringLiteral("yyyy-MM-dd"));
}

QString TimeLabels::datesOf(Timestamp from, Timestamp to) const
{
    const QString a = dateOf(from);
    const QString b = dateOf(to);
    if (a.isEmpty() || b.isEmpty() || a == b)
        return a.isEmpty() ? b : a;
    return QStringLiteral("%1 – %2").arg(a, b);
}

TimeScale::TimeScale(double startMs, double endMs, double x0, double width)
    : m_start(startMs)
    , m_end(std::max(endMs, startMs + kMinSpanMs))
    , m_x0(x0)
    , m_width(width)
{ }

double TimeScale::mapTimeToX(double t) const
{
    if (!isValid())
        return m_x0;
    return m_x0 + (t - m_start) * m_width / span();
}

double TimeScale::mapXToTime(double x) const
{
    if (!isValid())
        return m_start;
    return m_start + (x - m_x0) * span() / m_width;
}

Timestamp TimeScale::timeAtX(double x) const
{
    // a thousandth of a millisecond absorbs the rounding of epoch-sized doubles (ulp ≈ 2e-4 ms)
    return static_cast<Timestamp>(std::floor(mapXToTime(x) + 1e-3));
}

TimeScale TimeScale::zoomedAround(double x, double factor) const
{
    if (!isValid() || factor <= 0)
        return *this;
    const double anchor = mapXToTime(x);
    const double newSpan = std::max(span() / factor, kMinSpanMs);
    const double fraction = (x - m_x0) / m_width;
    const double start = anchor - fraction * newSpan;
    return {start, start + newSpan, m_x0, m_width};
}

TimeScale TimeScale::panned(double dx) const
{
    if (!isValid())
        return *this;
    const double dt = dx * span() / m_width;
    return {m_start - dt, m_end - dt, m_x0, m_width};
}

TimeScale TimeScale::fitted(double a, double b, double margin) const
{
    if (b < a)
        std::swap(a, b);
    double s = b - a;
    if (s < kMinSpanMs) {
        // one instant: show a second around it so that it is not infinitely zoomed
        a -= 500.0;
        s = 1000.0;
    }
    return {a - s * margin, a + s + s * margin, m_x0, m_width};
}

TimeScale TimeScale::centredOn(double t, double fraction) const
{
    const double s = span();
    const double start = t - fraction * s;
    return {start, start + s, m_x0, m_width};
}

TickStep TimeScale::niceStep(double msPerPixel, double minPixels, DisplaySettings::TimeFormat format)
{
    const double wanted = std::max(msPerPixel * minPixels, 1.0);
    if (format != DisplaySettings::TimeFormat::DateTime) {
        // 1-2-5 ladder: epoch ms and relative labels read as plain numbers of ms/s
        double magnitude = std::pow(10.0, std::floor(std::log10(wanted)));
        for (;;) {
            for (double m : {1.0, 2.0, 5.0}) {
                if (m * magnitude >= wanted) {
                    const auto ms = static_cast<DurationMs>(std::llround(m * magnitude));
                    return {ms, unitOf(ms)};
                }
            }
            magnitude *= 10.0;
        }
    }
    for (const LadderStep& s : kClockLadder) {
        if (double(s.ms) >= wanted)
            return {s.ms, s.unit};
    }
    // beyond a year: whole multiples of 365 days
    const auto years = static_cast<DurationMs>(std::ceil(wanted / double(365 * kDay)));
    return {years * 365 * kDay, TickStep::Unit::Day};
}

std::vector<Tick> TimeScale::ticks(const TickStep& step, DurationMs alignOffsetMs) const
{
    std::vector<Tick> out;
    if (!isValid() || step.ms <= 0)
        return out;
    // Minor ticks split a step into parts a reader can count: 5 for 1/5/10 steps, 2 for 2-steps, 3 for 15/30.
    const DurationMs leading = [&] {
        DurationMs v = step.ms;
        while (v >= 10 && v % 10 == 0)
            v /= 10;
        return v;
    }();
    int parts = 5;
    if (leading == 2 || step.ms == 2 * kHour || step.ms == 12 * kHour || step.ms == 2 * kDay || step.ms == 14 * kDay)
        parts = 2;
    else if (leading == 3 || leading == 15 || step.ms == 3 * kHour || step.ms == 6 * kHour || step.ms == 30 * kDay
        || step.ms == 90 * kDay)
        parts = 3;
    else if (step.ms == 7 * kDay)
        parts = 7;
    else if (step.ms % parts != 0)
        parts = 1;
    const DurationMs minor = step.ms / parts;
    const auto first = static_cast<Timestamp>(std::floor(m_start));
    const auto last = static_cast<Timestamp>(std::ceil(m_end));
    Timestamp t = floorDiv(first - alignOffsetMs, minor) * minor + alignOffsetMs;
    if (t < first)
        t += minor;
    const std::size_t limit = 10000; // a guard against absurd steps; callers pick steps ≥ 40 px apart
    for (; t <= last && out.size() < limit; t += minor) {
        const Timestamp rel = t - alignOffsetMs;
        out.push_back({t, mapTimeToX(double(t)), floorDiv(rel, step.ms) * step.ms == rel});
    }
    return out;
}

} // namespace tidemark::app
