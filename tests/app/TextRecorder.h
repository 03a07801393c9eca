#pragma once

#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QRectF>
#include <QString>
#include <QTextItem>
#include <QTransform>

#include <memory>
#include <vector>

namespace tidemark::test {

// A paint device that keeps every text drawn on it, with the box it covers in device pixels, and draws
// nothing else: what a picture says, and where, for tests of "readable" and "not cut off".
class TextRecorder : public QPaintDevice {
public:
    struct Text {
        QString text;
        QRectF box;
    };

    explicit TextRecorder(QSize size)
        : m_size(size)
        , m_engine(std::make_unique<Engine>(this))
    { }
    ~TextRecorder() override = default;

    const std::vector<Text>& texts() const { return m_texts; }
    QRectF rect() const { return QRectF(QPointF(0, 0), m_size); }
    QPaintEngine* paintEngine() const override { return m_engine.get(); }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmWidthMM:
            return m_size.width() * 254 / 960;
        case PdmHeightMM:
            return m_size.height() * 254 / 960;
        case PdmDepth:
            return 32;
        case PdmNumColors:
            return 0x7fffffff;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return int(QPaintDevice::devicePixelRatioFScale());
        }
        return 0;
    }

private:
    class Engine : public QPaintEngine {
    public:
        explicit Engine(TextRecorder* device)
            : QPaintEngine(AllFeatures)
            , m_device(device)
        { }
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        Type type() const override { return User; }
        void updateState(const QPaintEngineState& state) override
        {
            if (state.state() & DirtyTransform)
                m_transform = state.transform();
        }
        // shapes are not recorded; QPaintEngine's own fallbacks would call one another for ever
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override { }
        void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override { }
        void drawPolygon(const QPointF*, int, PolygonDrawMode) override { }
        void drawPolygon(const QPoint*, int, PolygonDrawMode) override { }
        void drawPath(const QPainterPath&) override { }
        void drawLines(const QLineF*, int) override { }
        void drawLines(const QLine*, int) override { }
        void drawRects(const QRectF*, int) override { }
        void drawRects(const QRect*, int) override { }
        void drawEllipse(const QRectF&) override { }
        void drawEllipse(const QRect&) override { }
        void drawPoints(const QPointF*, int) override { }
        void drawPoints(const QPoint*, int) override { }
        void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override { }
        void drawTextItem(const QPointF& at, const QTextItem& item) override
        {
            const QFontMetricsF fm(item.font(), m_device);
            const QRectF box(at.x(), at.y() - fm.ascent(), fm.horizontalAdvance(item.text()), fm.height());
            m_device->m_texts.push_back({item.text(), m_transform.mapRect(box)});
        }

    private:
        TextRecorder* m_device;
        QTransform m_transform;
    };

    QSize m_size;
    std::unique_ptr<Engine> m_engine;
    std::vector<Text> m_texts;
};

} // namespace tidemark::test
