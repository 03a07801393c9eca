#pragma once

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QWidget>

namespace tidemark::app {

// The frame of a panel whose fields scroll (the Pipeline panel, a chain's or a job graph's): a layout filling
// `panel`, a frameless scroll area in it and the widget inside to lay the fields in. The caller adds the scroll
// area to `outer` where it wants it (under a refusal line, say).
struct ScrolledPanel {
    QVBoxLayout* outer = nullptr;
    QScrollArea* scroll = nullptr;
    QWidget* inner = nullptr;

    explicit ScrolledPanel(QWidget* panel)
        : outer(new QVBoxLayout(panel))
        , scroll(new QScrollArea(panel))
        , inner(new QWidget(scroll))
    {
        outer->setContentsMargins(0, 0, 0, 0);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
    }
};

} // namespace tidemark::app
