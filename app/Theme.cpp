#include "app/Theme.h"

#include <array>

namespace tidemark::app {

Theme::Theme(QObject* parent)
    : QObject(parent)
    , m_colors(colorsFor(Kind::Light))
{ }

ThemeColors Theme::colorsFor(Kind kind)
{
    ThemeColors c;
    switch (kind) {
    case Kind::Light:
        c.background = QColor(0xf6, 0xf6, 0xf3);
        c.laneBackground = QColor(0xff, 0xff, 0xff);
        c.laneAlternate = QColor(0xfb, 0xfb, 0xf8);
        c.grid = QColor(0xd4, 0xd4, 0xcf);
        c.gridMinor = QColor(0xec, 0xec, 0xe8);
        c.text = QColor(0x20, 0x22, 0x26);
        c.mutedText = QColor(0x6b, 0x6f, 0x76);
        c.channelWatermark = QColor(0x2f, 0x6f, 0xd0);
        c.operatorWatermark = QColor(0xd9, 0x6a, 0x00);
        c.holdingBack = QColor(0xff, 0xef, 0xd6);
        c.idle = QColor(0x9a, 0x9a, 0x9a);
        c.windowCollecting = QColor(0xd6, 0xe2, 0xf5);
        c.windowCollectingBorder = QColor(0x6a, 0x8c, 0xc8);
        c.windowFired = QColor(0x8f, 0xd1, 0x94);
        c.windowFiredBorder = QColor(0x2e, 0x8b, 0x3e);
        c.windowLateness = QColor(0xe0, 0x9a, 0x2c);
        c.windowPurged = QColor(0xe4, 0xe4, 0xe0);
        c.fire = QColor(0x1f, 0x8a, 0x34);
        c.lateFire = QColor(0x8e, 0x3f, 0xb0);
        c.dropped = QColor(0xd0, 0x1f, 0x2f);
        c.sideOutput = QColor(0x00, 0x8b, 0x8b);
        c.current = QColor(0xe0, 0x19, 0x6b);
        c.selection = QColor(0x26, 0x8b, 0xd2);
        c.cursorLine = QColor(0xe0, 0x19, 0x6b);
        break;
    case Kind::Dark:
        c.background = QColor(0x1d, 0x1f, 0x23);
        c.laneBackground = QColor(0x25, 0x28, 0x2d);
        c.laneAlternate = QColor(0x22, 0x25, 0x29);
        c.grid = QColor(0x45, 0x49, 0x50);
        c.gridMinor = QColor(0x31, 0x34, 0x3a);
        c.text = QColor(0xe8, 0xea, 0xed);
        c.mutedText = QColor(0x9a, 0xa0, 0xa8);
        c.channelWatermark = QColor(0x6f, 0xa8, 0xff);
        c.operatorWatermark = QColor(0xff, 0x9f, 0x40);
        c.holdingBack = QColor(0x4a, 0x38, 0x1f);
        c.idle = QColor(0x80, 0x80, 0x80);
        c.windowCollecting = QColor(0x2f, 0x41, 0x61);
        c.windowCollectingBorder = QColor(0x6a, 0x8c, 0xc8);
        c.windowFired = QColor(0x2c, 0x63, 0x38);
        c.windowFiredBorder = QColor(0x6c, 0xd0, 0x7e);
        c.windowLateness = QColor(0xe8, 0xa8, 0x44);
        c.windowPurged = QColor(0x36, 0x38, 0x3c);
        c.fire = QColor(0x6c, 0xd0, 0x7e);
        c.lateFire = QColor(0xc3, 0x8b, 0xe8);
        c.dropped = QColor(0xff, 0x5c, 0x6a);
        c.sideOutput = QColor(0x3f, 0xd0, 0xd0);
        c.current = QColor(0xff, 0x4f, 0x9a);
        c.selection = QColor(0x4f, 0xb0, 0xf0);
        c.cursorLine = QColor(0xff, 0x4f, 0x9a);
        break;
    case Kind::HighContrast:
        // For projectors that wash colours out: white ground, black type, saturated marks.
        c.background = QColor(0xff, 0xff, 0xff);
        c.laneBackground = QColor(0xff, 0xff, 0xff);
        c.laneAlternate = QColor(0xf4, 0xf4, 0xf4);
        c.grid = QColor(0x90, 0x90, 0x90);
        c.gridMinor = QColor(0xd8, 0xd8, 0xd8);
        c.text = QColor(0x00, 0x00, 0x00);
        c.mutedText = QColor(0x30, 0x30, 0x30);
        c.channelWatermark = QColor(0x00, 0x3f, 0xc8);
        c.operatorWatermark = QColor(0xe0, 0x50, 0x00);
        c.holdingBack = QColor(0xff, 0xe0, 0xa8);
        c.idle = QColor(0x60, 0x60, 0x60);
        c.windowCollecting = QColor(0xc4, 0xd6, 0xff);
        c.windowCollectingBorder = QColor(0x00, 0x3f, 0xc8);
        c.windowFired = QColor(0x5c, 0xd0, 0x6a);
        c.windowFiredBorder = QColor(0x00, 0x6a, 0x14);
        c.windowLateness = QColor(0xd0, 0x70, 0x00);
        c.windowPurged = QColor(0xd0, 0xd0, 0xd0);
        c.fire = QColor(0x00, 0x80, 0x10);
        c.lateFire = QColor(0x7a, 0x00, 0xb0);
        c.dropped = QColor(0xe0, 0x00, 0x00);
        c.sideOutput = QColor(0x00, 0x70, 0x80);
        c.current = QColor(0xe0, 0x00, 0x70);
        c.selection = QColor(0x00, 0x60, 0xe0);
        c.cursorLine = QColor(0xe0, 0x00, 0x70);
        break;
    }
    return c;
}

QPalette Theme::palette() const
{
    const ThemeColors& c = m_colors;
    QPalette p;
    const bool dark = m_kind == Kind::Dark;
    p.setColor(QPalette::Window, dark ? QColor(0x2a, 0x2d, 0x32) : QColor(0xee, 0xee, 0xeb));
    p.setColor(QPalette::WindowText, c.text);
    p.setColor(QPalette::Base, c.laneBackground);
    p.setColor(QPalette::AlternateBase, dark ? QColor(0x2c, 0x2f, 0x34) : QColor(0xf5, 0xf5, 0xf2));
    p.setColor(QPalette::ToolTipBase, dark ? QColor(0x33, 0x36, 0x3c) : QColor(0xff, 0xfc, 0xe8));
    p.setColor(QPalette::ToolTipText, c.text);
    p.setColor(QPalette::PlaceholderText, c.mutedText);
    p.setColor(QPalette::Text, c.text);
    p.setColor(QPalette::Button, dark ? QColor(0x35, 0x38, 0x3e) : QColor(0xf2, 0xf2, 0xef));
    p.setColor(QPalette::ButtonText, c.text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, c.selection);
    p.setColor(QPalette::Highlight, c.selection);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, c.grid);
    p.setColor(QPalette::Dark, dark ? QColor(0x15, 0x16, 0x18) : QColor(0xa0, 0xa0, 0x9c));
    p.setColor(QPalette::Light, dark ? QColor(0x45, 0x48, 0x4e) : Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Text, c.mutedText);
    p.setColor(QPalette::Disabled, QPalette::WindowText, c.mutedText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, c.mutedText);
    return p;
}

QColor Theme::keyColor(int keyIndex) const
{
    // Okabe–Ito, distinguishable with the common colour-vision deficiencies; yellow left out (unreadable on white).
    static constexpr std::array<QRgb, 7> light {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0xD55E00, 0x56B4E9, 0x404040};
    static constexpr std::array<QRgb, 7> dark {0x56B4E9, 0xE69F00, 0x2FD3A0, 0xE89AC7, 0xFF7A2F, 0x8FD0FF, 0xD0D0D0};
    const auto& table = m_kind == Kind::Dark ? dark : light;
    if (keyIndex < 0)
        return m_colors.text;
    const auto n = static_cast<int>(table.size());
    QColor base = QColor::fromRgb(table[static_cast<std::size_t>(keyIndex % n)]);
    // beyond seven keys, vary the lightness so that neighbours still differ
    const int round = keyIndex / n;
    if (round % 2 == 1)
        base = m_kind == Kind::Dark ? base.lighter(130) : base.darker(140);
    return base;
}

void Theme::setKind(Kind kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    m_colors = colorsFor(kind);
    Q_EMIT changed();
}

void Theme::setScale(double scale)
{
    if (scale == m_scale)
        return;
    m_scale = scale;
    Q_EMIT changed();
}

} // namespace tidemark::app
