#pragma once

// Shared by the valve and generator conformance tests: finding the case files of one kind and reading
// the JSON values they use (int64 throughout: Long.MIN_VALUE / MAX_VALUE appear).

#include "engine/core/FlinkVersion.h"
#include "engine/watermark/WatermarkOutput.h"

#include <simdjson.h>

#include <QDir>
#include <QString>
#include <QStringList>
#include <QTest>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace conformance {

// The Flink lines every case runs on (its expectedByVersion where they differ).
inline constexpr tidemark::FlinkVersion kFlinkLines[] = {{1, 20}, {2, 3}};

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

// What an expectation's "emitted" says, described: null nothing, a number (a watermark) or a status one item,
// a list several in order, {"record": n} a record.
inline QStringList emittedOf(simdjson::dom::element emitted)
{
    QStringList described;
    const auto one = [&described](simdjson::dom::element item) {
        if (item.is_object())
            described << QStringLiteral("record(%1)").arg(int64Of(item["record"]));
        else
            described << describe(itemOf(item));
    };
    if (emitted.is_array()) {
        for (const simdjson::dom::element item : simdjson::dom::array(emitted))
            one(item);
    } else if (!emitted.is_null()) {
        one(emitted);
    }
    return described;
}

// Compares {"after": i, "emitted": ...} expectations, each covering the inputs since the previous one, with what
// each input produced (perInput[i]); `context` names the run in a failure.
inline void compareEmitted(
    simdjson::dom::array expectations, const std::vector<QStringList>& perInput, const QString& context = QString())
{
    std::int64_t previous = -1;
    for (const simdjson::dom::object expectation : expectations) {
        const std::int64_t after = int64Of(expectation["after"]);
        QVERIFY(after > previous && after < static_cast<std::int64_t>(perInput.size()));
        QStringList actual;
        for (std::int64_t i = previous + 1; i <= after; ++i)
            actual << perInput[static_cast<std::size_t>(i)];
        const QStringList expected = emittedOf(expectation["emitted"]);
        if (actual != expected)
            qWarning("%sinputs %lld..%lld", qPrintable(context.isEmpty() ? context : context + QStringLiteral(", ")),
                static_cast<long long>(previous + 1), static_cast<long long>(after));
        QCOMPARE(actual, expected);
        previous = after;
    }
}

} // namespace conformance
