package io.codedyarn.am.bench.stragglers;

import java.util.List;

/**
 * A lab scenario's fault, as {@code bin/lab} commands on its victim hosts (issue 26 §4): the
 * slowness comes from outside the product, the way another tenant, a congested link or a hypervisor
 * makes it, and the workers are not told.
 *
 * <p>CPU shares are fractions of the host's default share (the machine's cores / H): "a host at 20
 * % CPU" is a host that gets a fifth of what it had, as on a real machine where another tenant
 * takes the rest ({@code bin/lab slow HOST --share 0.2}).
 *
 * @param kind what is done to a victim
 * @param hosts how many hosts are victims
 * @param share {@link Kind#CPU}: the victims' quota as a fraction of their share
 * @param onSeconds {@link Kind#FLAP}: how long a victim stays frozen each period
 * @param periodSeconds {@link Kind#FLAP}: the period (a freeze starts every period)
 */
public record LabFault(Kind kind, int hosts, double share, double onSeconds, double periodSeconds) {

    /** What a fault does to its victims. */
    public enum Kind {
        /** {@code slow HOST --share F}, undone by {@code slow HOST --reset}. */
        CPU,
        /** {@code net HOST --rate MBIT}, undone by {@code net HOST --clear}. */
        LINK,
        /** {@code freeze HOST} for on seconds of every period, undone by {@code thaw HOST}. */
        FLAP
    }

    static LabFault cpu(int hosts, double share) {
        return new LabFault(Kind.CPU, hosts, share, 0, 0);
    }

    static LabFault link(int hosts) {
        return new LabFault(Kind.LINK, hosts, 0, 0, 0);
    }

    static LabFault flap(int hosts, double onSeconds, double periodSeconds) {
        return new LabFault(Kind.FLAP, hosts, 0, onSeconds, periodSeconds);
    }

    /**
     * The {@code bin/lab} arguments that put the fault on {@code host} (for {@link Kind#FLAP}: one
     * freeze).
     *
     * @param linkRateMbit the rate of {@link Kind#LINK}, Mbit/s
     */
    List<String> apply(String host, double linkRateMbit) {
        return switch (kind) {
            case CPU -> List.of("slow", host, "--share", number(share));
            case LINK -> List.of("net", host, "--rate", number(linkRateMbit));
            case FLAP -> List.of("freeze", host);
        };
    }

    /** The {@code bin/lab} arguments that take the fault off {@code host}. */
    List<String> undo(String host) {
        return switch (kind) {
            case CPU -> List.of("slow", host, "--reset");
            case LINK -> List.of("net", host, "--clear");
            case FLAP -> List.of("thaw", host);
        };
    }

    /** The fault in words, for the logs and the run's record. */
    String describe(double linkRateMbit) {
        return switch (kind) {
            case CPU -> "CPU quota " + number(share) + " of the host's share";
            case LINK -> "link at " + number(linkRateMbit) + " Mbit/s each way";
            case FLAP ->
                    "frozen " + number(onSeconds) + " s of every " + number(periodSeconds) + " s";
        };
    }

    /** 0.2, 5, 0.02: as given, without trailing zeros or an exponent. */
    private static String number(double x) {
        return java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }
}
