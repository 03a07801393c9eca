#pragma once

#include <QColor>
#include <QObject>
#include <QPalette>

namespace tidemark::app {

// Colours of everything the views draw, chosen per palette so that each meaning keeps one colour.
struct ThemeColors {
    QColor background;
    QColor laneBackground;
    QColor laneAlternate;
    QColor grid;
    QColor gridMinor;
    QColor text;
    QColor mutedText;
    QColor channelWatermark; // a channel's own watermark marker
    QColor operatorWatermark; // min over channels: the one line that decides
    QColor holdingBack; // the channel at the minimum
    QColor idle;
    QColor windowCollecting;
    QColor windowCollectingBorder;
    QColor windowFired;
    QColor windowFiredBorder;
    QColor windowLateness;
    QColor windowPurged;
    QColor fire;
    QColor lateFire;
    QColor dropped;
    QColor sideOutput;
    QColor current; // the record processed in this step
    QColor selection;
    QColor cursorLine;
};

// Light, dark and high-contrast (presenter) palettes: Fusion style + QPalette, because Qt 6.4 has no
// colour-scheme API. The theme also carries the scale factor of presenter mode (type and line widths).
class Theme : public QObject {
    Q_OBJECT

public:
    enum class Kind { Light, Dark, HighContrast };
    Q_ENUM(Kind)

    explicit Theme(QObject* parent = nullptr);

    Kind kind() const { return m_kind; }
    const ThemeColors& colors() const { return m_colors; }
    QPalette palette() const;
    // 1.0 normally; presenter mode draws bigger type and thicker lines.
    double scale() const { return m_scale; }
    // A distinct colour per key, stable for the key's id, readable on the theme's background.
    QColor keyColor(int keyIndex) const;

    static ThemeColors colorsFor(Kind kind);

public Q_SLOTS:
    void setKind(tidemark::app::Theme::Kind kind);
    void setScale(double scale);

Q_SIGNALS:
    void changed();

private:
    Kind m_kind = Kind::Light;
    double m_scale = 1.0;
    ThemeColors m_colors;
};

} // namespace tidemark::app
