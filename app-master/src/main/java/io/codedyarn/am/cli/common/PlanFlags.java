package io.codedyarn.am.cli.common;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.SchemeParams;
import picocli.CommandLine.Option;

/**
 * The plan flags shared by {@code plan} (and later {@code simulate}, {@code data prepare}, {@code
 * train}).
 */
public final class PlanFlags {

    @Option(
            names = "--workers",
            paramLabel = "N",
            description = "number of workers n (required; train --resume takes the run's)")
    int workers;

    @Option(
            names = "--stragglers",
            defaultValue = "0",
            paramLabel = "S",
            description =
                    "stragglers s to tolerate (per cluster for clustered/gc-dc) (default:"
                            + " ${DEFAULT-VALUE}; for train --scheme auto: max(1, round(N/4)), pre-placed)")
    int stragglers;

    @Option(
            names = "--clusters",
            defaultValue = "0",
            paramLabel = "P",
            description = "clusters P (clustered, gc-dc)")
    int clusters;

    @Option(
            names = "--memberships",
            defaultValue = "0",
            paramLabel = "M",
            description =
                    "clusters each worker may serve (gc-dc's n; default: smallest satisfying Lemma 1)")
    int memberships;

    @Option(
            names = "--partitions",
            defaultValue = "0",
            paramLabel = "K",
            description = "data partitions K (default: the scheme's, usually n)")
    int partitions;

    @Option(
            names = "--speeds",
            paramLabel = "r1,r2,...|auto",
            description = {
                "relative speeds, one per worker (hetero, hetero-group, bcc-hetero, gc-dc);",
                "auto (the default of train): measured while the job runs, re-planned on drift"
            })
    String speeds;

    @Option(
            names = "--load",
            defaultValue = "0",
            paramLabel = "R",
            description = "per-worker load: BCC batch size, LAGC computation load r")
    double load;

    @Option(
            names = "--groups",
            defaultValue = "0",
            paramLabel = "G",
            description = "groups (lag family)")
    int groups;

    @Option(
            names = "--subpartitions",
            defaultValue = "0",
            paramLabel = "P",
            description = "subpartitions per worker (sag, dsag; default 1)")
    int subpartitions;

    @Option(
            names = "--threshold",
            defaultValue = "0",
            paramLabel = "TAU",
            description = "straggler threshold on speeds (gc-dc heterogeneous variant)")
    double threshold;

    @Option(
            names = "--shift",
            defaultValue = "0",
            paramLabel = "A",
            description = "shifted-exponential shift per unit of load (bcc-hetero)")
    double shift;

    @Option(
            names = "--seed",
            paramLabel = "X",
            description = "seed of every random choice (default: coded-yarn.seed)")
    Long seed;

    /** {@code --speeds}: empty for none or {@code auto}; numbers otherwise. */
    static double[] parseSpeeds(String value) {
        if (value == null || value.isBlank() || value.trim().equals("auto")) {
            return new double[0];
        }
        String[] parts = value.split(",", -1);
        double[] r = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                r[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InvalidParametersException(
                        "--speeds",
                        String.format(
                                "value %d is not a number: '%s' (numbers, or auto)",
                                i + 1, parts[i]));
            }
        }
        return r;
    }

    /** Range checks that hold for every scheme; scheme-specific ones come from the scheme. */
    public SchemeParams toParams(long defaultSeed) {
        // required by hand, not by picocli: train --resume takes it from the job it continues
        InvalidParametersException.require(workers != 0, "--workers", "is required");
        InvalidParametersException.require(
                workers >= 1, "--workers", "must be >= 1, got %d", workers);
        InvalidParametersException.require(
                stragglers >= 0, "--stragglers", "must be >= 0, got %d", stragglers);
        InvalidParametersException.require(
                clusters >= 0, "--clusters", "must be >= 0, got %d", clusters);
        InvalidParametersException.require(
                memberships >= 0, "--memberships", "must be >= 0, got %d", memberships);
        InvalidParametersException.require(
                partitions >= 0, "--partitions", "must be >= 0, got %d", partitions);
        InvalidParametersException.require(
                load >= 0 && Double.isFinite(load),
                "--load",
                "must be a finite number >= 0, got %s",
                load);
        InvalidParametersException.require(groups >= 0, "--groups", "must be >= 0, got %d", groups);
        InvalidParametersException.require(
                subpartitions >= 0, "--subpartitions", "must be >= 0, got %d", subpartitions);
        InvalidParametersException.require(
                threshold >= 0 && Double.isFinite(threshold),
                "--threshold",
                "must be >= 0, got %s",
                threshold);
        InvalidParametersException.require(
                shift >= 0 && Double.isFinite(shift), "--shift", "must be >= 0, got %s", shift);
        double[] r = parseSpeeds(speeds);
        if (r.length > 0) {
            InvalidParametersException.require(
                    r.length == workers,
                    "--speeds",
                    "needs one value per worker: got %d values for --workers %d",
                    r.length,
                    workers);
            for (int i = 0; i < r.length; i++) {
                InvalidParametersException.require(
                        r[i] > 0 && Double.isFinite(r[i]),
                        "--speeds",
                        "value %d must be a positive number, got %s",
                        i + 1,
                        r[i]);
            }
        }
        return new SchemeParams(
                workers,
                stragglers,
                clusters,
                memberships,
                partitions,
                r,
                load,
                groups,
                subpartitions,
                threshold,
                shift,
                seed == null ? defaultSeed : seed);
    }
}
