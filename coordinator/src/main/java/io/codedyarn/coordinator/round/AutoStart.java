package io.codedyarn.coordinator.round;

/**
 * The code a {@code --scheme auto} run starts with when {@code --trace FILE} gave an earlier run's
 * trace: chosen before the run by replaying that trace through auto's candidates, and switched to
 * before the first round (its partitions are placed from the start, so nothing is read).
 *
 * @param code the code's label, as auto's events.csv rows name codes ({@code cyclic s=1})
 * @param evidence what the replay predicted, for the run's {@code auto-start} row
 */
public record AutoStart(String code, String evidence) {
    public AutoStart {
        io.codedyarn.placement.scheme.AutoCode.parse(code); // refuses a code auto does not run
    }
}
