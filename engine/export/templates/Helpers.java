    static double valueOf(Event record) {
        return record.value == null ? 0.0 : record.value;
    }

    static String number(Double value) {
        return value == null ? "null" : number(value.doubleValue());
    }

    /** A number as Tidemark prints it: 20 rather than 20.0; otherwise the shorter of 0.0001 and 1e-04. */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "null";
        }
        if (value == Math.rint(value) && Math.abs(value) < 0x1p63) {
            return Long.toString((long) value);
        }
        BigDecimal shortest = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        String plain = shortest.toPlainString();
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String scientific = (value < 0 ? "-" : "") + digits.charAt(0)
                + (digits.length() > 1 ? "." + digits.substring(1) : "") + (exponent < 0 ? "e-" : "e+")
                + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        return scientific.length() < plain.length() ? scientific : plain;
    }
