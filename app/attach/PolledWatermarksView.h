#pragma once

#include "engine/core/Time.h"

#include <QString>
#include <QWidget>

namespace tidemark::app {

class PollHistory;
class Theme;

// One vertex of an attached job over poll time: each subtask's currentInputWatermark as a step line in the
// key colours (a source, which reports no input watermark, shows its subtasks' output watermarks), the low
// watermark as the timeline draws the operator watermark (dashed orange, the minimum), and at the poll being
// looked at, each subtask's value with the one holding the vertex back marked as the timeline marks the
// channel at the minimum. A click picks the poll.
class PolledWatermarksView : public QWidget {
    Q_OBJECT

public:
    PolledWatermarksView(PollHistory* history, Theme* theme, QWidget* parent = nullptr);

    QString vertex() const { return m_vertex; }
    void setVertex(const QString& vertexId);

    QSize sizeHint() const override { return {720, 320}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QRectF plotRect() const;

    PollHistory* m_history;
    Theme* m_theme;
    QString m_vertex;
};

} // namespace tidemark::app
