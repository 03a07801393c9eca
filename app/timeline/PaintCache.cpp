#include "app/timeline/PaintCache.h"

#include "app/timeline/WindowLabels.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace tidemark::app {

void PaintCache::drawLabel(QPainter& p, const QPointF& topLeft, const QStringList& choices, const QFontMetricsF& fm,
    double maxWidth, int fontSlot, double scale)
{
    if (m_labelScale != scale || m_labels.size() > 4000) {
        m_labels.clear();
        m_labelScale = scale;
    }
    const std::pair<QStaticText, double>* laidOut = nullptr;
    const qsizetype fits = firstThatFits(choices, maxWidth, [&](const QString& text) {
        const auto key = std::make_pair(fontSlot, text);
        auto it = m_labels.find(key);
        if (it == m_labels.end()) {
            QStaticText st(text);
            st.setTextFormat(Qt::PlainText);
            st.prepare(QTransform(), p.font());
            it = m_labels.emplace(key, std::make_pair(st, fm.horizontalAdvance(text))).first;
        }
        laidOut = &it->second;
        return it->second.second;
    });
    // nothing fits: no label at all rather than a meaningless "1 re…"; the tooltip still names the window
    if (fits >= 0)
        p.drawStaticText(topLeft, laidOut->first);
}

QImage& PaintCache::scratch(int width, int height)
{
    if (m_scratch.width() < width || m_scratch.height() < height)
        m_scratch = QImage(std::max(width, m_scratch.width()), std::max(height, m_scratch.height()),
            QImage::Format_ARGB32_Premultiplied);
    return m_scratch;
}

} // namespace tidemark::app
