#pragma once

#include <QByteArray>

#include <functional>

namespace tidemark::test {

// A user's orders file as the tests make it: a "user_id,amount,event_time" header, then `orders` orders of seven
// users, one every 250 ms of epoch milliseconds, with a malformed "bad,line" after each order `badAfter` picks.
struct OrdersCsv {
    QByteArray text;
    int bad = 0; // bad lines in it
};

inline OrdersCsv ordersCsv(int orders, const std::function<bool(int)>& badAfter)
{
    OrdersCsv csv {"user_id,amount,event_time\n", 0};
    for (int i = 0; i < orders; ++i) {
        csv.text += "u" + QByteArray::number(i % 7) + "," + QByteArray::number(i % 13) + ".5,"
            + QByteArray::number(1700000000000LL + i * 250) + "\n";
        if (badAfter(i)) {
            csv.text += "bad,line\n";
            ++csv.bad;
        }
    }
    return csv;
}

} // namespace tidemark::test
