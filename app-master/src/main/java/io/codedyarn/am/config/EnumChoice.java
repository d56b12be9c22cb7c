package io.codedyarn.am.config;

import java.util.Locale;
import java.util.StringJoiner;

/** A configuration value that names one of an enum's constants (any case, trimmed). */
final class EnumChoice {
    private EnumChoice() {}

    /** A value that is none of the allowed ones; the message lists them ("auto, c1 or full"). */
    static final class NotAChoice extends NumberFormatException {
        private static final long serialVersionUID = 1L;

        NotAChoice(String allowed) {
            super(allowed);
        }
    }

    /**
     * The constant whose lower-case name is {@code s}.
     *
     * @throws NotAChoice naming the allowed values, which {@link CodedYarnConfig#parse} reports
     *     with the key
     */
    static <E extends Enum<E>> E parse(String s, E[] values) {
        String wanted = s.trim().toLowerCase(Locale.ROOT);
        for (E e : values) {
            if (e.name().toLowerCase(Locale.ROOT).equals(wanted)) {
                return e;
            }
        }
        StringJoiner allowed = new StringJoiner(", ");
        for (int i = 0; i < values.length - 1; i++) {
            allowed.add(values[i].name().toLowerCase(Locale.ROOT));
        }
        String last = values[values.length - 1].name().toLowerCase(Locale.ROOT);
        throw new NotAChoice(allowed + " or " + last);
    }
}
