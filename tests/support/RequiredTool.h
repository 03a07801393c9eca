#pragma once

#include <QTest>

// A test that needs a program (a browser, lupdate, java) skips without it where a developer runs the tests, and
// fails under the test command: scripts/test installs every such program (scripts/install-deps) and its test preset
// says so with TIDEMARK_ALL_TOOLS=1, so that a missing one is never a silent pass.
#define TIDEMARK_REQUIRE_TOOL(found, message)                                                                          \
    do {                                                                                                               \
        if (!(found)) {                                                                                                \
            if (qEnvironmentVariableIsSet("TIDEMARK_ALL_TOOLS"))                                                       \
                QFAIL(message);                                                                                        \
            QSKIP(message);                                                                                            \
        }                                                                                                              \
    } while (false)
