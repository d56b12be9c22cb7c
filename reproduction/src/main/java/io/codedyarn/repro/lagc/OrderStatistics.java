package io.codedyarn.repro.lagc;

import java.util.Locale;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.special.Gamma;

/**
 * The worker computing-time model of LAGC (Zhang and Simeone, §II; digest lagc.md §1.4) and the
 * expected order statistics (21)/(22) of i.i.d. worker times.
 *
 * <p>A worker with load r (in units of N/M samples) finishes after a time T with mean η·r:
 *
 * <ul>
 *   <li><b>exponential</b> (not shifted): S(x) = P(T &gt; x) = exp(−x/(η r));
 *   <li><b>Pareto</b>: scale x_m = η r (β − 1)/β, shape β &gt; 1, S(x) = (x_m/x)^β for x ≥ x_m (so
 *       that the mean is η r; with β = 1.1 the variance is infinite).
 * </ul>
 *
 * <p>T̄_{a:b}(r) = E[T_{a:b}] is the expected a-th smallest of b i.i.d. times:
 *
 * <pre>
 *   exponential (21):  T̄_{a:b}(r) = η r (H_b − H_{b−a}),   H_x = ψ(x + 1) + γ
 *   Pareto (22):       T̄_{a:b}(r) = x_m · Γ(b+1) Γ(b−a+1−1/β) / (Γ(b−a+1) Γ(b+1−1/β))
 * </pre>
 *
 * The paper's printed (22) has the factor (1−β)/β and Γ(n+1); both are typos (negative mean, and n
 * is undefined): the corrected form above is what the integral E[T_{a:b}] gives. The expected
 * maximum is T̄_a(r) = T̄_{a:a}(r). The bounds (27)/(31) evaluate it at the real numbers M̄ and Ḡ,
 * so a and b may be non-integer: the harmonic number is extended by the digamma function and the
 * factorials by Γ. For the maximum these extensions coincide with ∫_0^∞ (1 − F(x)^a) dx with a real
 * exponent (the form (28) uses), e.g. Pareto: a·x_m·B(a, 1 − 1/β) = x_m Γ(a+1)Γ(1−1/β)/Γ(a+1−1/β).
 * T̄_0 = 0 by convention (an empty selection takes no time, digest §6 item 9); note that the Pareto
 * extension tends to x_m, not 0, as a → 0+.
 *
 * <p>Example (η = 0.05, β = 1.1): the exponential maximum of 20 unit-load workers is 0.05·H_20 =
 * 0.179887; the Pareto maximum of 2 is x_m·2/((2 − 1/β)(1 − 1/β)) = 0.0916667 with x_m =
 * 0.05·0.1/1.1.
 */
public final class OrderStatistics {
    /** The two families of the paper: a low tail and a high tail. */
    public enum Family {
        EXPONENTIAL,
        PARETO
    }

    /** B_{2k}/(2k) for k = 1..6: 1/12, −1/120, 1/252, −1/240, 1/132, −691/32760. */
    private static final double[] DIGAMMA_SERIES = {
        1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760
    };

    private static final double EULER_GAMMA = 0.57721566490153286060651209008240243;

    private final Family family;
    private final double eta;
    private final double beta;

    private OrderStatistics(Family family, double eta, double beta) {
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("eta must be finite and > 0, got " + eta);
        }
        if (family == Family.PARETO && (!(beta > 1) || !Double.isFinite(beta))) {
            throw new IllegalArgumentException(
                    "Pareto shape beta must be finite and > 1, got " + beta);
        }
        this.family = family;
        this.eta = eta;
        this.beta = beta;
    }

    /** Exponential times with mean η per unit load. */
    public static OrderStatistics exponential(double eta) {
        return new OrderStatistics(Family.EXPONENTIAL, eta, Double.NaN);
    }

    /** Pareto times with mean η per unit load and shape β &gt; 1. */
    public static OrderStatistics pareto(double eta, double beta) {
        return new OrderStatistics(Family.PARETO, eta, beta);
    }

    public Family family() {
        return family;
    }

    public double eta() {
        return eta;
    }

    /** The Pareto shape β (NaN for the exponential family). */
    public double beta() {
        return beta;
    }

    /** "exponential (η = 0.05)" or "Pareto (η = 0.05, β = 1.1)". */
    public String label() {
        return family == Family.EXPONENTIAL
                ? String.format(Locale.ROOT, "exponential (η = %s)", eta)
                : String.format(Locale.ROOT, "Pareto (η = %s, β = %s)", eta, beta);
    }

    /** Mean time η·load of one worker. */
    public double mean(double load) {
        checkLoad(load);
        return eta * load;
    }

    /** Pareto scale x_m = η·load·(β − 1)/β. */
    public double paretoScale(double load) {
        checkLoad(load);
        if (family != Family.PARETO) {
            throw new IllegalStateException("no Pareto scale for " + label());
        }
        return eta * load * (beta - 1) / beta;
    }

    /** S(x) = P(T &gt; x) of one worker. */
    public double survival(double x, double load) {
        if (x <= 0) {
            return 1;
        }
        if (family == Family.EXPONENTIAL) {
            return Math.exp(-x / mean(load));
        }
        double xm = paretoScale(load);
        return x <= xm ? 1 : Math.pow(xm / x, beta);
    }

    /** F(x) = P(T ≤ x) of one worker. */
    public double cdf(double x, double load) {
        if (family == Family.EXPONENTIAL && x > 0) {
            return -Math.expm1(-x / mean(load)); // no cancellation for small x
        }
        return 1 - survival(x, load);
    }

    /** One draw by inversion: −η r ln U (exponential) or x_m U^(−1/β) (Pareto), U ∈ (0, 1]. */
    public double sample(RandomGenerator rng, double load) {
        double u = 1 - rng.nextDouble(); // (0, 1]
        return family == Family.EXPONENTIAL
                ? -mean(load) * Math.log(u)
                : paretoScale(load) * Math.pow(u, -1 / beta);
    }

    /**
     * T̄_{a:b}(load), (21)/(22): the expected a-th smallest of b i.i.d. times, 0 &lt; a ≤ b (real
     * values allowed through the Γ/ψ extensions).
     */
    public double expected(double a, double b, double load) {
        if (!(a > 0) || !(a <= b) || !Double.isFinite(b)) {
            throw new IllegalArgumentException("need 0 < a <= b < inf, got a=" + a + ", b=" + b);
        }
        if (family == Family.EXPONENTIAL) {
            return mean(load) * (harmonic(b) - harmonic(b - a));
        }
        double s = 1 / beta;
        double logRatio =
                Gamma.logGamma(b + 1)
                        + Gamma.logGamma(b - a + 1 - s)
                        - Gamma.logGamma(b - a + 1)
                        - Gamma.logGamma(b + 1 - s);
        return paretoScale(load) * Math.exp(logRatio);
    }

    /** T̄_a(load) = T̄_{a:a}(load), the expected maximum of a ≥ 0 times; T̄_0 = 0. */
    public double expectedMax(double a, double load) {
        if (!(a >= 0) || !Double.isFinite(a)) {
            throw new IllegalArgumentException("need a finite a >= 0, got " + a);
        }
        checkLoad(load);
        return a == 0 ? 0 : expected(a, a, load);
    }

    /**
     * H_x = Σ_{j=1}^{x} 1/j for integers, extended to real x ≥ 0 as ψ(x + 1) + γ (the integral
     * ∫_0^1 (1 − t^x)/(1 − t) dt). Integers up to 10⁶ are summed exactly, smallest terms first.
     */
    static double harmonic(double x) {
        if (!(x >= 0) || !Double.isFinite(x)) {
            throw new IllegalArgumentException("harmonic number needs a finite x >= 0, got " + x);
        }
        if (x == Math.rint(x) && x <= 1e6) {
            double sum = 0;
            for (long j = (long) x; j >= 1; j--) {
                sum += 1.0 / j;
            }
            return sum;
        }
        return digamma(x + 1) + EULER_GAMMA;
    }

    /**
     * ψ(x) for x &gt; 0: the recurrence ψ(x) = ψ(x + 1) − 1/x up to x ≥ 20, then the asymptotic
     * series ln x − 1/(2x) − Σ_k B_{2k}/(2k x^{2k}) through B_12 (truncation error &lt; 1e-17).
     * Commons Math's Gamma.digamma switches to a shorter series at x = 6 and is only accurate to
     * ~3e-9, which showed as a 3e-9 error in H_{1/2} = 2 − 2 ln 2.
     */
    static double digamma(double x) {
        if (!(x > 0) || !Double.isFinite(x)) {
            throw new IllegalArgumentException("digamma needs a finite x > 0, got " + x);
        }
        double shift = 0;
        while (x < 20) {
            shift += 1 / x;
            x += 1;
        }
        double inv2 = 1 / (x * x);
        double series = 0; // Σ_k B_{2k}/(2k) x^(−2k), Horner from the highest power
        for (int k = DIGAMMA_SERIES.length - 1; k >= 0; k--) {
            series = (series + DIGAMMA_SERIES[k]) * inv2;
        }
        return Math.log(x) - 0.5 / x - series - shift;
    }

    private static void checkLoad(double load) {
        if (!(load > 0) || !Double.isFinite(load)) {
            throw new IllegalArgumentException("load must be finite and > 0, got " + load);
        }
    }
}
