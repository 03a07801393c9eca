#pragma once

#include <QTest>

#include <string>

namespace QTest {
// QCOMPARE failures on std::string print both strings.
template <> inline char* toString(const std::string& s)
{
    return qstrdup(s.c_str());
}
} // namespace QTest
