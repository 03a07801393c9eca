#include "app/document/TimeLabels.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cmath>
#include <cstdint>

namespace tidemark::app {

namespace {

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

} // namespace tidemark::app
