package io.codedyarn.placement.scheme;

import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Training;
import io.codedyarn.placement.coding.KOfNPromise;
import java.util.random.RandomGenerator;

/**
 * The SAG and DSAG layouts (Severinson et al.; DSAG digest §1.2): K partitions (default K = n) in n
 * disjoint consecutive blocks, worker i (0-based; the paper's i + 1) holding partitions p_start(K,
 * n, i+1) − 1 .. p_stop(K, n, i+1) − 1. Each worker splits its rows into p_i subpartitions ({@code
 * --subpartitions}, default 1) and processes one per iteration, cycling k ← mod(k, p_i) + 1; the
 * rows are not known here, so p_i is only recorded ({@link io.codedyarn.placement.dsag.SampleRange}
 * and {@link io.codedyarn.placement.dsag.SubpartitionAlignment} turn it into row ranges at run
 * time).
 *
 * <p>The exact full gradient needs every worker's whole block, as uncoded GD does; the methods
 * instead wait for w = n − s fresh results ({@code --stragglers s}) and fill in the rest from the
 * gradient cache. SAG discards stale results, DSAG inserts them into the cache when no fresher
 * overlapping entry exists (§7.4, §7.16): recorded as {@code staleResults = discard / cache}.
 *
 * <p>Example n = 3, K = 7, p = 2: W0 = {0, 1}, W1 = {2, 3}, W2 = {4, 5, 6}; w = 3 for s = 0.
 */
public final class Sag implements Scheme {
    private final Training.Memory memory;

    private Sag(Training.Memory memory) {
        this.memory = memory;
    }

    /** SAG: stale results are discarded. */
    public static Sag sag() {
        return new Sag(Training.Memory.FRESH);
    }

    /** DSAG: stale results are cached when fresher than the overlapping entries. */
    public static Sag dsag() {
        return new Sag(Training.Memory.FRESH_AND_STALE);
    }

    /**
     * SGD on subpartitions (DSAG §VII's baseline, digest §4.5 and §7 item 17): this round's fresh
     * results only, rescaled by n/n_processed; no cache, so it plateaus.
     */
    public static Sag sgd() {
        return new Sag(Training.Memory.NONE);
    }

    /** w = n − s, as {@link #place} recorded it in the plan's family settings. */
    @Override
    public Training training(Plan plan) {
        return new Training.Asynchronous(
                plan.family(FamilySettings.Asynchronous.class).w(), memory);
    }

    @Override
    public String name() {
        return switch (memory) {
            case FRESH_AND_STALE -> "dsag";
            case FRESH -> "sag";
            case NONE -> "sgd";
        };
    }

    @Override
    public String description() {
        return switch (memory) {
            case FRESH_AND_STALE ->
                    "disjoint blocks in p subpartitions; wait for w fresh results, cache stale ones"
                            + " (DSAG)";
            case FRESH ->
                    "disjoint blocks in p subpartitions; wait for w fresh results, discard stale"
                            + " ones (SAG)";
            case NONE ->
                    "disjoint blocks in p subpartitions; wait for w fresh results and step on them"
                            + " alone, rescaled, no cache (SGD, DSAG's baseline)";
        };
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        int s = p.stragglers();
        InvalidParametersException.require(
                s >= 0 && s < n, "--stragglers", "must be in [0, --workers), got %d", s);
        int k = Blocks.partitions(p, n);
        InvalidParametersException.require(
                p.subpartitions() >= 0,
                "--subpartitions",
                "must be >= 1, got %d",
                p.subpartitions());
        // Any p >= 1: it splits the worker's rows, which the plan does not know (must be <= n_i
        // at run time, where SampleRange checks it).
        int sub = p.subpartitions() > 0 ? p.subpartitions() : 1;
        // The exact gradient needs all n blocks; stragglers are the method's business (w).
        Plan.Builder b = Plan.builder(name(), n, k).stragglers(0).seed(p.seed());
        Blocks.layOut(b, n, k);
        b.promise(KOfNPromise.firstN(n, n));
        b.decoder(Blocks.all(n));
        b.parameter("workers", n)
                .parameter("partitions", k)
                .family(new FamilySettings.Asynchronous(n - s, sub))
                .parameter(
                        "staleResults",
                        memory == Training.Memory.FRESH_AND_STALE ? "cache" : "discard");
        if (memory == Training.Memory.NONE) {
            b.parameter("memory", "none: this round's fresh results, rescaled by n/n_processed");
        }
        return b.build();
    }
}
