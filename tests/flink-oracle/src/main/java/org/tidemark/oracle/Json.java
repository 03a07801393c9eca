package org.tidemark.oracle;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** The number and string spelling of `tidemark run --format jsonl`. */
final class Json {
    private Json() {}

    /**
     * An integral double prints as an integer ("20", "-3"); anything else as the shortest decimal that
     * reads back to the same double, in plain notation ("2.5", "0.1", "0.000001"). The differential
     * test compares numbers by value, so exponent spelling never matters there.
     */
    static String num(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "null";
        }
        if (d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15) {
            return Long.toString((long) d);
        }
        BigDecimal exact = new BigDecimal(d);
        for (int p = 1; p <= 17; p++) {
            BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (r.doubleValue() == d) {
                return r.stripTrailingZeros().toPlainString();
            }
        }
        return exact.toPlainString();
    }

    static String num(Double d) {
        return d == null ? "null" : num(d.doubleValue());
    }

    static String str(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
