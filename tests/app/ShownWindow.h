#pragma once

#include "app/MainWindow.h"
#include "app/document/Loading.h"

#include <QTest>

#include <memory>

namespace tidemark::test {

// A built-in example in the source tree (TIDEMARK_SOURCE_DIR, set by CTest).
inline QString examplePath(const QString& name)
{
    return qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + QStringLiteral("/resources/examples/") + name;
}

// A main window as the GUI tests drive it: 1600×1000, shown and exposed, on the default example (post 000
// at parallelism 3). Null when it could not be shown or the example did not open.
inline std::unique_ptr<app::MainWindow> shownWindowOnTheDefaultExample()
{
    auto window = std::make_unique<app::MainWindow>();
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !window->openExample(app::defaultExample()))
        return nullptr;
    return window;
}

} // namespace tidemark::test
