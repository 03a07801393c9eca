package org.tidemark.oracle;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** The number and string spelling of `tidemark run --format jsonl`. */
final class Json {
    private Json() {}

    /**
     * An integral double within a long prints as the integer it is, every digit exact ("20", "-3",
     * "-9223372036854775808" for a sum that rounded to Long.MIN_VALUE), as Tidemark prints it; anything
     * else as the shortest decimal that reads back to the same double, in plain notation ("2.5", "0.1",
     * "0.000001"). Numbers are compared by their exact value, so a shortest decimal of an integral double
     * ("-9223372036854776000") would be another integer.
     */
    static String num(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "null";
        }
        if (d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63) {
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
