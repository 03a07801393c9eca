#pragma once

#include "app/graph/GraphLayout.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// The job graph as a strip, drawn as Flink draws a job graph (sources on the left, each operator after its
// inputs, edges named by their partitioning), with what the Web UI cannot show at once: every vertex's event
// time at the cursor's step, idle inputs greyed, the results, late and dropped records each operator has put out
// so far, and — highlighted — the chain of vertices and inputs that holds the slowest sink back, to where it
// starts. A click selects a vertex for every view (TimeCursor::Selection::ofStream); its tooltip is its hold.
class GraphStrip : public QWidget {
    Q_OBJECT

public:
    GraphStrip(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);
    ~GraphStrip() override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Draws the strip as the widget shows it, from (0, 0) (exports, screenshots).
    void paint(QPainter& p) const;

    // What is drawn, for tests and the presenter's text recorder: a line per vertex ("paid: watermark 8.499 s,
    // input 2 idle, 3 out; holds the sink"), the layout and the links that hold the sink.
    QStringList vertexTexts() const;
    const GraphLayout* layout() const { return m_layout.get(); }
    std::vector<int> holdingLinks() const;
    // The vertex's rectangle (to click in tests), empty when there is none.
    QRectF boxOfStream(int stream) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();
    QSizeF boxSize() const; // what every text needs
    QSizeF placedBoxSize() const; // within the strip's width
    QString kindText(const GraphLayout::Box& box) const;
    QString watermarkText(Timestamp watermark) const;
    QString vertexText(int box) const;
    QString partitionerText(const GraphLayout::Link& link) const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    std::unique_ptr<GraphLayout> m_layout;
};

} // namespace tidemark::app
