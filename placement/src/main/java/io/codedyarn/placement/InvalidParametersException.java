package io.codedyarn.placement;

/**
 * A scheme's parameters do not make sense together. Names the command-line flag at fault so that
 * the CLI can print one line ({@code --stragglers: must be < --workers (got 5 >= 5)}) and exit 2.
 */
public final class InvalidParametersException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String flag;
    private final String reason;

    public InvalidParametersException(String flag, String reason) {
        super(flag + ": " + reason);
        this.flag = flag;
        this.reason = reason;
    }

    /** The flag (for example {@code --stragglers}) whose value is wrong. */
    public String flag() {
        return flag;
    }

    public String reason() {
        return reason;
    }

    /** Throws unless {@code condition} holds. */
    public static void require(
            boolean condition, String flag, String reasonFormat, Object... args) {
        if (!condition) {
            throw new InvalidParametersException(flag, String.format(reasonFormat, args));
        }
    }
}
