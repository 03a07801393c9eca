#pragma once

// Shared by the valve and generator conformance tests: finding the case files of one kind and reading
// the JSON values they use (int64 throughout: Long.MIN_VALUE / MAX_VALUE appear).

#include "engine/watermark/WatermarkOutput.h"

#include <simdjson.h>

#include <QDir>
#include <QString>
#include <QStringList>
#include <QTest>

#include <stdexcept>
#include <string>
#include <string_view>

namespace conformance {

inline QString casesDirectory()
{
    const QByteArray root = qgetenv("TIDEMARK_SOURCE_DIR");
    if (root.isEmpty())
        throw std::runtime_error("TIDEMARK_SOURCE_DIR is not set (run the test through ctest)");
    return QString::fromLocal8Bit(root) + QStringLiteral("/tests/conformance/cases");
}

// Every case file whose "kind" is `kind`, sorted by name.
inline QStringList caseFilesOfKind(std::string_view kind)
{
    QStringList files;
    const QDir dir(casesDirectory());
    simdjson::dom::parser parser;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        simdjson::dom::element doc = parser.load(path.toStdString());
        if (std::string_view(doc["kind"]) == kind)
            files << path;
    }
    return files;
}

inline void addCaseRows(std::string_view kind)
{
    QTest::addColumn<QString>("file");
    for (const QString& path : caseFilesOfKind(kind))
        QTest::newRow(qPrintable(QFileInfo(path).completeBaseName())) << path;
}

inline bool has(simdjson::dom::object object, std::string_view field)
{
    return object[field].error() == simdjson::SUCCESS;
}

inline std::int64_t int64Of(simdjson::dom::element value)
{
    std::int64_t v = 0;
    if (value.get_int64().get(v) != simdjson::SUCCESS)
        throw std::runtime_error("expected an integer that fits int64, found " + simdjson::to_string(value));
    return v;
}

// One emitted item: a number (watermark), "idle" or "active".
inline tidemark::WatermarkItem itemOf(simdjson::dom::element value)
{
    if (value.is_string()) {
        const std::string_view s = value;
        if (s == "idle")
            return tidemark::WatermarkItem::idle();
        if (s == "active")
            return tidemark::WatermarkItem::active();
        throw std::runtime_error("unknown status \"" + std::string(s) + "\"");
    }
    return tidemark::WatermarkItem::mark(int64Of(value));
}

// Readable form of emitted items for comparisons: "IDLE ACTIVE 100", records as "record(4)".
inline QString describe(const tidemark::WatermarkItem& item)
{
    switch (item.kind) {
    case tidemark::WatermarkItem::Kind::Watermark:
        return QString::number(item.watermark);
    case tidemark::WatermarkItem::Kind::Idle:
        return QStringLiteral("IDLE");
    case tidemark::WatermarkItem::Kind::Active:
        return QStringLiteral("ACTIVE");
    }
    return {};
}

} // namespace conformance
