package io.codedyarn.hdfs.importer;

import java.util.Locale;

/** Parsing of numeric text tokens with one-line errors naming file, line and the token. */
final class Numbers {
    private Numbers() {}

    /**
     * Parses a decimal number ({@code 1}, {@code -2.5}, {@code 3e-4}). Rejects, naming {@code
     * where} and quoting the token: empty tokens, non-numbers (including Java-only forms such as
     * {@code 1d} or hex floats), and NaN/±Inf in any spelling ({@code nan}, {@code inf}, {@code
     * Infinity}, or an overflow such as {@code 1e999}).
     */
    static double parse(String token, String file, long line, String where) {
        if (token.isEmpty()) {
            throw new BadInputException(file, line, where + "empty value");
        }
        char last = token.charAt(token.length() - 1);
        boolean plain = (last >= '0' && last <= '9') || last == '.';
        double v;
        try {
            if (!plain || token.indexOf('x') >= 0 || token.indexOf('X') >= 0) {
                throw new NumberFormatException();
            }
            v = Double.parseDouble(token);
        } catch (NumberFormatException e) {
            if (nonFinite(token)) {
                throw new BadInputException(
                        file, line, where + quote(token) + " is not finite (NaN/Inf not allowed)");
            }
            throw new BadInputException(file, line, where + quote(token) + " is not a number");
        }
        if (!Double.isFinite(v)) {
            throw new BadInputException(
                    file, line, where + quote(token) + " is not finite (NaN/Inf not allowed)");
        }
        return v;
    }

    static String quote(String token) {
        String t = token.length() > 40 ? token.substring(0, 40) + "..." : token;
        return '"' + t + '"';
    }

    private static boolean nonFinite(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        if (t.startsWith("+") || t.startsWith("-")) {
            t = t.substring(1);
        }
        return t.equals("nan") || t.equals("inf") || t.equals("infinity");
    }
}
