#pragma once

#include "engine/watermark/WatermarkOutput.h"

#include <QString>
#include <QStringList>

#include <vector>

// A WatermarkOutput that records what a generator emits, as the Flink generator tests do.
class RecordingOutput final : public tidemark::WatermarkOutput {
public:
    void emitWatermark(tidemark::Timestamp watermark) override
    {
        items.push_back(tidemark::WatermarkItem::mark(watermark));
    }
    void markIdle() override { items.push_back(tidemark::WatermarkItem::idle()); }
    void markActive() override { items.push_back(tidemark::WatermarkItem::active()); }

    tidemark::WatermarkItems items;
};

// Readable form of emitted items, so a failing QCOMPARE shows the whole sequence: "IDLE ACTIVE 100".
inline QString describe(const tidemark::WatermarkItems& items)
{
    QStringList parts;
    for (const auto& item : items) {
        switch (item.kind) {
        case tidemark::WatermarkItem::Kind::Watermark:
            parts << QString::number(item.watermark);
            break;
        case tidemark::WatermarkItem::Kind::Idle:
            parts << QStringLiteral("IDLE");
            break;
        case tidemark::WatermarkItem::Kind::Active:
            parts << QStringLiteral("ACTIVE");
            break;
        }
    }
    return parts.join(QLatin1Char(' '));
}
