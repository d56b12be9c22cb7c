package io.codedyarn.compute.model;

import io.codedyarn.compute.data.RowRange;
import io.codedyarn.compute.kernel.Kernels;
import java.util.List;

/**
 * Regularised logistic regression (DSAG §1.4, BCC §6): F(v) = (1/n) Σ_i log(1 + exp(−b_i⟨x_i, v⟩))
 * + (λ/2)‖v‖², labels ±1, default λ = 1/n. The intercept, when wanted, is a constant-1 feature
 * appended by {@link Intercept} and regularised like the others (as in DSAG's code).
 *
 * <p>The coordinator builds [F, ∇F] from the decoded SUM [Σℓ, Σ∇ℓ] of the workers' kernel results
 * with {@link #assemble}: F = Σℓ/n + (λ/2)‖v‖², ∇F = Σ∇ℓ/n + λv (the 1/n applied once, here). This
 * class also evaluates F in-process over a list of partitions (tests, metrics, simulation).
 */
public final class LogisticObjective implements Objective {
    private final List<RowRange> partitions;
    private final long n;
    private final double lambda;

    /** Over the given partitions (n = their total row count), λ = 1/n. */
    public LogisticObjective(List<RowRange> partitions) {
        this(partitions, Double.NaN);
    }

    /** Over the given partitions with an explicit λ ≥ 0 (NaN: the default 1/n). */
    public LogisticObjective(List<RowRange> partitions, double lambda) {
        this.partitions = List.copyOf(partitions);
        this.n = partitions.stream().mapToLong(RowRange::count).sum();
        if (n == 0) {
            throw new IllegalArgumentException("logistic regression needs at least one row");
        }
        this.lambda = Double.isNaN(lambda) ? 1.0 / n : lambda;
        if (!(this.lambda >= 0)) {
            throw new IllegalArgumentException("--lambda must be >= 0, got " + lambda);
        }
    }

    public long n() {
        return n;
    }

    public double lambda() {
        return lambda;
    }

    /** [F(v), ∇F(v)] from the kernel's [Σℓ, Σ∇ℓ] over all n rows. */
    public static double[] assemble(double[] sums, double[] v, long n, double lambda) {
        if (sums.length != 1 + v.length) {
            throw new IllegalArgumentException(
                    "sums must be [loss, gradient] of length " + (1 + v.length));
        }
        double[] out = new double[sums.length];
        double norm2 = 0;
        for (int j = 0; j < v.length; j++) {
            norm2 += v[j] * v[j];
            out[1 + j] = sums[1 + j] / n + lambda * v[j];
        }
        out[0] = sums[0] / n + 0.5 * lambda * norm2;
        return out;
    }

    /** Sums the kernel over the partitions in list order (a fixed order, like a decoder's). */
    @Override
    public double[] evaluate(double[] v) {
        double[] sums = new double[1 + v.length];
        for (RowRange p : partitions) {
            double[] part = Kernels.logistic(p, v);
            for (int j = 0; j < sums.length; j++) {
                sums[j] += part[j];
            }
        }
        return assemble(sums, v, n, lambda);
    }

    /** Fraction of rows with sign(⟨x, v⟩) = b (⟨x, v⟩ = 0 counts as +1), e.g. on a held-out set. */
    public static double accuracy(List<RowRange> rows, double[] v) {
        long right = 0, total = 0;
        for (RowRange r : rows) {
            double[] margins = Margins.of(r, v);
            for (int i = 0; i < r.count(); i++) {
                double b = r.rows().label(r.first() + i);
                if ((margins[i] >= 0 ? 1.0 : -1.0) == b) {
                    right++;
                }
            }
            total += r.count();
        }
        return total == 0 ? Double.NaN : (double) right / total;
    }
}
