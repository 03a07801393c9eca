#include "app/panels/EventFileScan.h"

#include "app/document/Loading.h"
#include "engine/io/EventFile.h"

#include <QFileInfo>
#include <QMetaObject>

namespace tidemark::app {

EventFileScan::EventFileScan(QObject* parent)
    : QObject(parent)
{ }

EventFileScan::~EventFileScan()
{
    stop();
}

void EventFileScan::stop()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread.joinable())
        m_thread.join();
    m_running = false;
}

void EventFileScan::start(const QString& path, const InputFileSpec& spec)
{
    stop();
    m_result.reset();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    const std::uint64_t generation = ++m_generation;
    // messages name the file as the dialog shows it
    m_thread = std::thread([this, generation, cancel = m_cancel, path = path.toStdString(),
                               name = QFileInfo(path).fileName().toStdString(), spec] {
        auto result = std::make_shared<Result>();
        result->spec = spec;
        io::LoadOptions options;
        options.lenient = true; // every bad line listed; Open then skips them or stops at the first
        options.maxReportedErrors = io::kListedBadLines;
        options.sourceName = name;
        options.cancelled = [cancel] { return cancel->load(); };
        int lastPercent = -1;
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            const int percent = total > 0 ? int(100 * done / total) : 0;
            if (percent == lastPercent)
                return;
            lastPercent = percent;
            QMetaObject::invokeMethod(
                this,
                [this, generation, percent] {
                    if (generation == m_generation)
                        Q_EMIT progressed(percent);
                },
                Qt::QueuedConnection);
        };
        auto loaded = io::loadEventFile(path, spec, result->keys, options);
        if (cancel->load())
            return;
        if (loaded) {
            result->skipped = loaded.skipped();
            result->records = std::move(loaded.value->records);
        } else {
            result->error = errorsText(loaded.errors);
        }
        QMetaObject::invokeMethod(
            this,
            [this, generation, result] {
                if (generation != m_generation)
                    return;
                m_result = std::move(*result);
                m_running = false;
                Q_EMIT finished();
            },
            Qt::QueuedConnection);
    });
}

const EventFileScan::Result* EventFileScan::resultFor(const InputFileSpec& spec) const
{
    return m_result && m_result->spec == spec ? &*m_result : nullptr;
}

std::optional<EventFileScan::Result> EventFileScan::takeResultFor(const InputFileSpec& spec)
{
    if (!resultFor(spec))
        return std::nullopt;
    return std::exchange(m_result, std::nullopt);
}

} // namespace tidemark::app
