package io.codedyarn.coordinator;

import io.codedyarn.placement.Decoding;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.coding.BlockDecoder;
import io.codedyarn.placement.method.LazyTrigger;
import io.codedyarn.placement.scheme.LagFamily;
import io.codedyarn.placement.scheme.PlanGroups;
import io.codedyarn.worker.task.Task;
import io.codedyarn.worker.task.WorkUnit;
import io.codedyarn.worker.task.Workload;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * LAG, LAGC, G-LAG and G-GD (LAGC §III–IV; digest lagc.md §2.4–2.6): each iteration the trigger
 * (13)/(17) selects the groups whose gradient may have drifted; only their members get the iterate;
 * a selected group is refreshed as soon as its arrivals decode ({@link BlockDecoder#decodeBlock}:
 * any F = M_G − r_G + 1 members for LAGC, the fastest member for G-LAG/G-GD, the one worker for
 * LAG); then θ ← θ − α Σ_g G_g over fresh and stale group gradients (14)/(18). Defaults from the
 * digest's recommendation: α = 1/L with L the smoothness of the whole objective (power iteration),
 * ξ = 1 (0 for g-gd), D = 10; the trigger's L_g come from power iteration on each group's own data
 * (the exact λ_max of the group, which is ≤ Σ_{s∈g} L_s). LR splits the regulariser evenly: G_g =
 * Σ_{g}∇ℓ/n + λθ/G, so Σ_g G_g = ∇F when all are fresh.
 */
final class LazyMethod {
    static final double XI = 1.0;
    static final int MEMORY = 10;
    private static final int POWER_ROUNDS = 100;

    private final Run run;
    private final DecodedRounds setupRounds;
    private final BlockDecoder groups;
    private final int count;
    private final int[][] members;

    LazyMethod(Run run, DecodedRounds setupRounds) {
        if (run.spec.workload() == Workload.PCA) {
            throw new IllegalArgumentException(
                    "--scheme "
                            + run.plan.scheme()
                            + ": lazy aggregation supports lr and lsq,"
                            + " not pca (use an exact scheme or dsag)");
        }
        this.run = run;
        this.setupRounds = setupRounds;
        this.groups = LagFamily.groupDecoder(run.plan);
        this.count = PlanGroups.count(run.plan);
        this.members = new int[count][];
        for (int g = 0; g < count; g++) {
            members[g] = PlanGroups.members(run.plan, g);
        }
    }

    void train() throws InterruptedException, RunAborted {
        double alpha =
                Double.isNaN(run.spec.step())
                        ? new ExactMethod(run, setupRounds).step()
                        : run.spec.step();
        double[] theta = new double[run.modelLength()];
        boolean everyUnit = run.plan.scheme().equals("g-gd");
        LazyTrigger trigger =
                everyUnit
                        ? LazyTrigger.everyUnit(count, alpha, theta)
                        : LazyTrigger.grouped(groupSmoothness(), alpha, XI, MEMORY, theta);
        double[] losses = new double[count];
        while (true) {
            BitSet selected = trigger.select();
            double[] at = trigger.theta();
            Collected c = collect(selected, at);
            for (int g = selected.nextSetBit(0); g >= 0; g = selected.nextSetBit(g + 1)) {
                double[] sum = c.sums[g];
                losses[g] = sum[0];
                double[] grad = new double[at.length];
                for (int j = 0; j < grad.length; j++) {
                    grad[j] = groupGradient(sum[1 + j], at[j]);
                }
                trigger.refresh(g, grad);
            }
            double lossSum = 0;
            for (double l : losses) {
                lossSum += l;
            }
            double[] sums = new double[1 + at.length];
            sums[0] = lossSum;
            double value = run.metric.assemble(sums, at)[0];
            trigger.step();
            run.record(at, value, selected.cardinality() == count, c.used, 0, c.discarded, c.who);
        }
    }

    private double groupGradient(double gradientSum, double theta) {
        double lambda = run.metric.lambda();
        if (run.spec.workload() == Workload.LR) {
            return gradientSum / run.shape.rows() + lambda * theta / count;
        }
        return gradientSum + lambda * theta / count;
    }

    private record Collected(double[][] sums, int used, int discarded, String who) {}

    /** Sends x (per group) to the selected groups' live members; waits until each decodes. */
    private Collected collect(BitSet selected, double[] x) throws InterruptedException, RunAborted {
        double[][] perGroup = new double[count][];
        for (int g = selected.nextSetBit(0); g >= 0; g = selected.nextSetBit(g + 1)) {
            perGroup[g] = x;
        }
        return collect(perGroup, run.iteration(), Task.Kind.OBJECTIVE);
    }

    /**
     * One round: group g (with x[g] != null) computes at x[g]; returns each group's decoded sum.
     */
    private Collected collect(double[][] x, long iteration, Task.Kind kind)
            throws InterruptedException, RunAborted {
        RoundEngine engine = run.engine;
        long round = engine.newRound();
        int pending = 0;
        for (int g = 0; g < count; g++) {
            if (x[g] == null) {
                continue;
            }
            pending++;
            for (int w : members[g]) {
                if (engine.alive(w)) {
                    int cw = run.plan.assignment(w);
                    engine.send(
                            iteration,
                            w,
                            new Task(
                                    round, x[g], List.of(WorkUnit.of(run.plan.codeword(cw))), kind),
                            new long[] {cw},
                            run.plan.load(w) / run.plan.partitions());
                }
            }
        }
        double[][] f = new double[run.plan.codewords().size()][];
        BitSet arrived = new BitSet(f.length);
        double[][] sums = new double[count][];
        int used = 0;
        int discarded = 0;
        StringBuilder who = new StringBuilder();
        while (pending > 0) {
            Arrival a = engine.next(Long.MAX_VALUE);
            if (a.failed()) {
                int g = run.plan.group(a.worker());
                if (x[g] != null && sums[g] == null && !decodable(g, a.worker(), arrived)) {
                    throw new RunAborted(
                            "worker "
                                    + a.worker()
                                    + " failed ("
                                    + a.failure()
                                    + "); group "
                                    + g
                                    + " cannot decode any more");
                }
                continue;
            }
            int g = run.plan.group(a.worker());
            if (a.round() != round || sums[g] != null) {
                engine.mark(a, a.round() != round ? "discarded" : "unused");
                discarded += a.round() != round ? 1 : 0;
                continue;
            }
            int cw = (int) a.tags()[0];
            f[cw] = a.values()[0];
            arrived.set(cw);
            engine.mark(a, "used");
            used++;
            who.append(who.length() == 0 ? "" : " ").append(a.worker());
            Optional<Decoding> dec = groups.decodeBlock(g, arrived);
            if (dec.isPresent()) {
                sums[g] = combine(dec.get(), f);
                pending--;
            }
        }
        return new Collected(sums, used, discarded, who.toString());
    }

    /** Whether group g can still decode without the failed worker. */
    private boolean decodable(int g, int failed, BitSet arrived) {
        BitSet possible = (BitSet) arrived.clone();
        for (int w : members[g]) {
            if (w != failed && run.engine.alive(w)) {
                possible.set(run.plan.assignment(w));
            }
        }
        return groups.decodeBlock(g, possible).isPresent();
    }

    private static double[] combine(Decoding dec, double[][] f) {
        double[] sum = null;
        for (int c = 0; c < f.length; c++) {
            double a = dec.coefficient(c);
            if (a == 0 || f[c] == null) {
                continue;
            }
            if (sum == null) {
                sum = new double[f[c].length];
            }
            for (int m = 0; m < sum.length; m++) {
                sum[m] += a * f[c][m];
            }
        }
        return sum;
    }

    /** L_g per group: power iteration on each group's data, all groups in the same rounds. */
    private double[] groupSmoothness() throws InterruptedException, RunAborted {
        RandomGenerator rng = Seeds.generator(run.spec.seed() ^ 0x1A6L);
        int d = run.modelLength();
        double[][] u = new double[count][d];
        for (int g = 0; g < count; g++) {
            for (int j = 0; j < d; j++) {
                u[g][j] = rng.nextGaussian();
            }
            Setup.normalize(u[g]);
        }
        double[] estimate = new double[count];
        boolean[] done = new boolean[count];
        for (int r = 0; r < POWER_ROUNDS; r++) {
            double[][] x = new double[count][];
            boolean any = false;
            for (int g = 0; g < count; g++) {
                x[g] = done[g] ? null : u[g];
                any |= !done[g];
            }
            if (!any) {
                break;
            }
            double[][] s = collect(x, -1, Task.Kind.GRAM).sums;
            for (int g = 0; g < count; g++) {
                if (done[g]) {
                    continue;
                }
                double rayleigh = s[g][0];
                double[] next = new double[d];
                for (int j = 0; j < d; j++) {
                    next[j] = -s[g][1 + j];
                }
                done[g] =
                        Math.abs(rayleigh - estimate[g]) <= 1e-6 * rayleigh
                                || Setup.normalize(next) == 0;
                estimate[g] = rayleigh;
                u[g] = next;
            }
        }
        double[] l = new double[count];
        for (int g = 0; g < count; g++) {
            l[g] =
                    run.spec.workload() == Workload.LR
                            ? estimate[g] / (4.0 * run.shape.rows()) + run.metric.lambda() / count
                            : 2.0 * estimate[g] + run.metric.lambda() / count;
        }
        return l;
    }
}
