// How a live source cuts bytes into lines (LineSplitter, as Flink's SocketTextStreamFunction with "\n") and how
// a user's HOST:PORT is read (Endpoint).
#include "engine/live/Endpoint.h"
#include "engine/live/LineSplitter.h"

#include <QTest>

#include <cstdint>
#include <string>
#include <vector>

using namespace tidemark::live;

namespace {

// What the splitter handed on, in order: a line as itself, an over-long one as "<too long N>".
struct Split {
    std::vector<std::string> items;

    void feed(LineSplitter& s, std::string_view bytes)
    {
        s.feed(
            bytes, [&](std::string_view line) { items.emplace_back(line); },
            [&](std::uint64_t n) { items.push_back("<too long " + std::to_string(n) + ">"); });
    }
};

using Items = std::vector<std::string>;

} // namespace

class TestLiveLines : public QObject {
    Q_OBJECT

private slots:
    // --- LineSplitter -------------------------------------------------------------------------------

    void aNewlineEndsALineAndEmptyLinesCount()
    {
        LineSplitter s;
        Split out;
        out.feed(s, "a b\n\nc\n");
        // Flink collects the empty string between two delimiters too.
        QCOMPARE(out.items, (Items {"a b", "", "c"}));
        QVERIFY(!s.holdsPartialLine());
    }

    void oneCarriageReturnBeforeTheNewlineIsDropped()
    {
        LineSplitter s;
        Split out;
        out.feed(s, "a\r\nb\r\r\nc\rd\n\r\n");
        // Only the one '\r' right before '\n' goes (record.endsWith("\r")); others are data.
        QCOMPARE(out.items, (Items {"a", "b\r", "c\rd", ""}));
    }

    void aCarriageReturnAndItsNewlineInTwoFeedsAreStillOneLineEnd()
    {
        LineSplitter s;
        Split out;
        out.feed(s, "abc\r");
        QVERIFY(out.items.empty());
        out.feed(s, "\n");
        QCOMPARE(out.items, (Items {"abc"}));
    }

    void aLineSplitAcrossFeedsIsOneLine()
    {
        LineSplitter s;
        Split out;
        out.feed(s, "16340917");
        out.feed(s, "20000");
        QVERIFY(s.holdsPartialLine());
        out.feed(s, " a\n1634091721000 ");
        out.feed(s, "b\n");
        QCOMPARE(out.items, (Items {"1634091720000 a", "1634091721000 b"}));
        QVERIFY(!s.holdsPartialLine());
    }

    void aLineFedOneByteAtATimeIsWhole()
    {
        LineSplitter s;
        Split out;
        for (const char c : std::string("x,1\r\ny,2\n"))
            out.feed(s, std::string_view(&c, 1));
        QCOMPARE(out.items, (Items {"x,1", "y,2"}));
    }

    void aLineAtTheLimitIsKept()
    {
        LineSplitter s(4);
        Split out;
        out.feed(s, "ab");
        out.feed(s, "cd\nabcde\nok\n");
        QCOMPARE(out.items, (Items {"abcd", "<too long 5>", "ok"}));
    }

    void anOverLongLineIsReportedOnceWithItsFullLengthAndTheNextLineIsRead()
    {
        LineSplitter s(8);
        Split out;
        // 23 bytes in four feeds, the newline in the last one with the next line.
        out.feed(s, "12345");
        out.feed(s, "6789012");
        QVERIFY(s.holdsPartialLine()); // skipping to the line's end
        out.feed(s, "34567890");
        out.feed(s, "123\nnext\n");
        QCOMPARE(out.items, (Items {"<too long 23>", "next"}));
        QVERIFY(!s.holdsPartialLine());
    }

    void anOverLongLineInOneFeedIsReportedOnce()
    {
        LineSplitter s(8);
        Split out;
        out.feed(s, std::string(100, 'x') + "\n" + std::string(9, 'y') + "\nshort\n");
        QCOMPARE(out.items, (Items {"<too long 100>", "<too long 9>", "short"}));
    }

    void feedingANewlineFlushesTheTrailingData()
    {
        LineSplitter s;
        Split out;
        out.feed(s, "a\ntail");
        QCOMPARE(out.items, (Items {"a"}));
        QVERIFY(s.holdsPartialLine());
        // What the sources do when the stream ends: Flink collects what is left after the last delimiter.
        out.feed(s, "\n");
        QCOMPARE(out.items, (Items {"a", "tail"}));
        QVERIFY(!s.holdsPartialLine());
    }

    void anOverLongTrailingLineIsReportedWhenFlushed()
    {
        LineSplitter s(4);
        Split out;
        out.feed(s, "123456");
        QVERIFY(out.items.empty());
        out.feed(s, "\n");
        QCOMPARE(out.items, (Items {"<too long 6>"}));
    }

    // --- Endpoint -----------------------------------------------------------------------------------

    void aHostAndPortAreReadAsWritten()
    {
        std::string error;
        const auto e = Endpoint::parse("localhost:9000", error);
        QVERIFY2(e, error.c_str());
        QCOMPARE(e->host, std::string("localhost"));
        QCOMPARE(int(e->port), 9000);
        QCOMPARE(e->toString(), std::string("localhost:9000"));
        const auto v4 = Endpoint::parse("10.0.0.7:65535", error);
        QVERIFY(v4);
        QCOMPARE(v4->toString(), std::string("10.0.0.7:65535"));
    }

    void aPortAloneMeansTheLoopbackAddress()
    {
        std::string error;
        const auto e = Endpoint::parse("9000", error);
        QVERIFY2(e, error.c_str());
        QCOMPARE(*e, (Endpoint {"127.0.0.1", 9000}));
        // An empty host before the colon too: reachable from this machine only.
        QCOMPARE(*Endpoint::parse(":9001", error), (Endpoint {"127.0.0.1", 9001}));
    }

    void anIpv6AddressIsWrittenInBrackets()
    {
        std::string error;
        const auto e = Endpoint::parse("[::1]:9000", error);
        QVERIFY2(e, error.c_str());
        QCOMPARE(e->host, std::string("::1"));
        QCOMPARE(int(e->port), 9000);
        QCOMPARE(e->toString(), std::string("[::1]:9000"));
    }

    void badPortsAndHostsSayWhatIsExpected_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        const QString port = "the port must be a number from 1 to 65535";
        QTest::newRow("empty") << "" << port;
        QTest::newRow("no port") << "localhost:" << port;
        QTest::newRow("a word") << "localhost:http" << port;
        QTest::newRow("trailing junk") << "localhost:9000x" << port;
        QTest::newRow("negative") << "localhost:-1" << port;
        QTest::newRow("above 65535") << "localhost:65536" << port;
        QTest::newRow("far above") << "localhost:99999999999999999999" << port;
        QTest::newRow("port 0") << "localhost:0" << port;
        QTest::newRow("a space") << " 9000" << port;
        QTest::newRow("bare IPv6") << "::1:9000"
                                   << "an IPv6 address is written in brackets, [::1]:9000";
        QTest::newRow("no port after brackets") << "[::1]"
                                                << "an IPv6 address is written [::1]:9000";
        QTest::newRow("no colon after brackets") << "[::1]9000"
                                                 << "an IPv6 address is written [::1]:9000";
        QTest::newRow("unclosed bracket") << "[::1:9000"
                                          << "an IPv6 address is written [::1]:9000";
    }
    void badPortsAndHostsSayWhatIsExpected()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        std::string error;
        QVERIFY(!Endpoint::parse(text.toStdString(), error));
        QCOMPARE(QString::fromStdString(error),
            "expected HOST:PORT such as localhost:9000 (or a port alone for this machine), found \"" + text
                + "\": " + why);
    }

    void portZeroIsOnlyForAPortToListenOn()
    {
        std::string error;
        QVERIFY(!Endpoint::parse("0", error));
        const auto any = Endpoint::parse("0", error, true);
        QVERIFY2(any, error.c_str());
        QCOMPARE(*any, (Endpoint {"127.0.0.1", 0}));
        QVERIFY(Endpoint::parse("0.0.0.0:0", error, true));
        error.clear();
        QVERIFY(!Endpoint::parse("localhost:65536", error, true));
        QVERIFY(QString::fromStdString(error).endsWith("the port must be a number from 0 (any free port) to 65535"));
    }
};

QTEST_GUILESS_MAIN(TestLiveLines)
#include "tst_live_lines.moc"
