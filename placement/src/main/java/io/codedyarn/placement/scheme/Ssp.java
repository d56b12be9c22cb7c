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
 * Stale synchronous parallel (SSP), the asynchronous baseline of the Hetero-GC paper's Fig. 4: the
 * uncoded layout (K partitions, default K = n, in n disjoint consecutive blocks), each worker
 * computing the gradient of its whole block at the model it last read, the coordinator (the
 * parameter server) applying each result on arrival, and a worker starting its next clock only
 * while at most s clocks ahead of the slowest ({@link
 * io.codedyarn.placement.method.StalenessClocks}). {@code --stragglers s} is that staleness bound
 * (as it sets w = n − s for SAG/DSAG); s = 0 trains exactly GD's iterates, one block at a time.
 *
 * <p>SSP tolerates slow workers only up to s clocks: a failed worker stops everyone once they are s
 * clocks ahead of it.
 */
public final class Ssp implements Scheme {
    @Override
    public String name() {
        return "ssp";
    }

    @Override
    public String description() {
        return "disjoint partitions; each block's gradient applied on arrival, workers at most s"
                + " clocks ahead of the slowest (stale synchronous parallel, s = --stragglers)";
    }

    @Override
    public Training training(Plan plan) {
        return new Training.StaleSynchronous(
                plan.family(FamilySettings.StaleSynchronous.class).staleness());
    }

    @Override
    public Plan place(SchemeParams p, RandomGenerator rng) {
        int n = p.workers();
        InvalidParametersException.require(n >= 1, "--workers", "must be >= 1, got %d", n);
        int s = p.stragglers();
        InvalidParametersException.require(
                s >= 0, "--stragglers", "is ssp's staleness bound, must be >= 0, got %d", s);
        int k = Blocks.partitions(p, n);
        // The exact gradient would need all n blocks; staleness is the method's business.
        Plan.Builder b = Plan.builder(name(), n, k).stragglers(0).seed(p.seed());
        Blocks.layOut(b, n, k);
        b.promise(KOfNPromise.firstN(n, n));
        b.decoder(Blocks.all(n));
        b.parameter("workers", n)
                .parameter("partitions", k)
                .family(new FamilySettings.StaleSynchronous(s));
        return b.build();
    }
}
