package io.codedyarn.am.cli.common;

import io.codedyarn.am.train.HeldOut;
import io.codedyarn.placement.InvalidParametersException;
import picocli.CommandLine.Option;

/** {@code train}'s held-out data flags: which rows judge the model while it trains, and when. */
public final class HeldOutFlags {
    @Option(
            names = "--validation",
            paramLabel = "DIR",
            description =
                    "a dataset the model is judged on while it trains (same columns as --data);"
                            + " its metrics go to validation.csv")
    String dir;

    @Option(
            names = "--validation-fraction",
            paramLabel = "F",
            description =
                    "hold out this share of the training rows (a draw seeded by --seed, made"
                            + " before the data is placed: they are never trained on) and judge"
                            + " the model on them")
    Double fraction;

    @Option(
            names = "--validation-every",
            paramLabel = "K",
            description = "score the held-out rows every K iterations (default: 10)")
    Integer every;

    @Option(
            names = "--early-stop",
            paramLabel = "P",
            description =
                    "stop when the held-out loss has not improved for P scores in a row"
                            + " (default: 0, never)")
    Integer patience;

    /** The request, or null when no held-out data was asked for. */
    public HeldOut request() {
        if (dir == null && fraction == null) {
            InvalidParametersException.require(
                    every == null,
                    "--validation-every",
                    "needs --validation DIR or --validation-fraction F");
            InvalidParametersException.require(
                    patience == null,
                    "--early-stop",
                    "needs --validation DIR or --validation-fraction F");
            return null;
        }
        return new HeldOut(
                dir,
                fraction == null ? Double.NaN : fraction,
                every == null ? 10 : every,
                patience == null ? 0 : patience);
    }
}
