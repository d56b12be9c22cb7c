package io.codedyarn.repro;

import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.repro.lagc.LazySelectionBounds;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LAGC Figs. 8–9 on Fashion-MNIST in the paper's own model (§VI; digest lagc.md §5.1, §5.3): S = 20
 * partitions of consecutive images, L_s = (1.3^(s−1)+1)², y = Xθ*, α = 1/L, ξ = 1, D = 10, M = 20,
 * r = 4, fresh i.i.d. times every iteration (stragglers' work abandoned), Pareto (η = 0.05, β =
 * 1.1) and exponential (η = 0.05), 100 realizations, GD, GC, LAG, G-GD (M_G = 4), LAGC (M_G = 5)
 * and G-LAG (M_G = 4). Each scheme's trajectory is computed once ({@link LagcTrajectory}: in the
 * paper's model it does not depend on the times); the realizations then draw only the times ({@link
 * LagcRealizations}). Not through the coordinator (as {@code lagc-training} does): its simulated
 * workers keep a straggler busy into later rounds, which the paper's model does not, and 2 × 6 ×
 * 100 runs of 16,301 passes over 60,000 × 784 rows (≈ 95 ms each here) would take days on this
 * machine; the lazy schemes still run the coordinator's own trigger state ({@code LazyTrigger}).
 *
 * <p>Two sizes ({@link Size}): {@code lagc-fashion} (in {@code reproduce all}) on the committed
 * 2,000-image subset, and {@code lagc-fashion-full} (when named) on the 60,000 images. The paper's
 * ε = 1e−8 absolute is out of reach on raw pixels (GD's loss falls like ~1/i: the Gram matrices'
 * spectrum reaches down to zero), so ε is relative, stated per size.
 */
public final class LagcFashion implements Reproduction {
    static final int PARTITIONS = 20;
    static final double XI = 1;
    static final int MEMORY = 10;
    static final String SUBSET = "train-images-idx3-ubyte-first2000.gz";
    static final String FULL = "train-images-idx3-ubyte.gz";
    static final Path DEBIAN = Path.of("/usr/share/datasets/fashion-mnist", FULL);

    /**
     * One size of the experiment.
     *
     * @param rowsPerPartition images per partition (paper: 3,000)
     * @param epsilon ε relative to L(θ⁰) (paper: 1e−8 absolute)
     * @param realizations at {@code --scale 1} (paper: 100)
     * @param cap iteration cap (a run that hits it is reported as not reaching ε)
     */
    record Size(
            String id,
            String file,
            int rowsPerPartition,
            double epsilon,
            int realizations,
            int cap) {
        static final Size SCALED = new Size("lagc-fashion", SUBSET, 100, 5e-2, 100, 50_000);
        static final Size FULL_SIZE = new Size("lagc-fashion-full", FULL, 3000, 1e-2, 100, 200_000);
    }

    /** What one run produced, for the report and the tests. */
    record Outcome(
            Size size,
            int realizations,
            double loss0,
            double smoothness,
            double seconds,
            Map<String, LagcTrajectory> trajectories,
            Map<String, LagcRealizations> times,
            double[] gridPareto,
            double[] gridExp,
            Map<String, Double> bounds) {}

    private final Size size;
    private Outcome last;

    LagcFashion(Size size) {
        this.size = size;
    }

    public static LagcFashion scaled() {
        return new LagcFashion(Size.SCALED);
    }

    public static LagcFashion full() {
        return new LagcFashion(Size.FULL_SIZE);
    }

    @Override
    public List<String> setupDeviations() {
        return LagcFashionRows.deviations(size);
    }

    @Override
    public String id() {
        return size.id();
    }

    @Override
    public String title() {
        return String.format(
                Locale.ROOT,
                "LAGC Figs. 8–9 on Fashion-MNIST, fresh i.i.d. times (%d × 784, S = 20, ε ="
                        + " %.0e·L(θ⁰))",
                PARTITIONS * size.rowsPerPartition(),
                size.epsilon());
    }

    /**
     * The images file: the property {@code codedyarn.fashion-mnist} (a file), else for the subset
     * {@code <codedyarn.testdata>/fashion-mnist/}, or {@code testdata/fashion-mnist/} in the
     * working directory or above the code's location (the checkout); for the full set {@code
     * target/fashion-mnist/} (what {@code .ci/lagc-full} carries) or Debian's package.
     */
    static Path imagesFile(Size size) {
        String explicit = System.getProperty("codedyarn.fashion-mnist");
        if (explicit != null) {
            return Path.of(explicit);
        }
        if (size.file().equals(SUBSET)) {
            String dir = System.getProperty("codedyarn.testdata");
            return dir != null
                    ? Path.of(dir, "fashion-mnist", SUBSET)
                    : inCheckout(Path.of("testdata", "fashion-mnist", SUBSET));
        }
        Path local = inCheckout(Path.of("target", "fashion-mnist", FULL));
        return Files.isRegularFile(local) ? local : DEBIAN;
    }

    /** {@code relative} in the working directory, else under the nearest ancestor of the code. */
    private static Path inCheckout(Path relative) {
        if (Files.isRegularFile(relative)) {
            return relative;
        }
        try {
            Path code =
                    Path.of(
                            LagcFashion.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            for (Path d = code.getParent(); d != null; d = d.getParent()) {
                if (Files.isRegularFile(d.resolve(relative))) {
                    return d.resolve(relative);
                }
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // no usable code location: the working directory's path is reported below
        }
        return relative;
    }

    static Outcome simulate(Size size, long seed, int realizations) {
        long start = System.nanoTime();
        Path file = imagesFile(size);
        IdxImages.Images images;
        try {
            images = IdxImages.read(file, PARTITIONS * size.rowsPerPartition());
        } catch (IOException e) {
            throw new InvalidParametersException(
                    size.id(),
                    "needs the Fashion-MNIST images "
                            + file
                            + " ("
                            + e
                            + "); see docs/commands.md, reproduce: -Dcodedyarn.fashion-mnist=FILE names"
                            + " another");
        }
        FashionLsq problem = FashionLsq.of(images, PARTITIONS, size.rowsPerPartition(), seed);
        LagcTrajectory.Setup setup = LagcTrajectory.Setup.of(problem, XI, MEMORY);
        double loss0 = problem.initialLoss(setup.hessian());
        Map<String, LagcTrajectory> trajectories = new LinkedHashMap<>();
        Map<String, Double> bounds = new LinkedHashMap<>();
        // Independent per scheme, so in parallel (the result does not depend on the threads).
        List<LagcTrajectory> runs =
                LagcScheme.paper().parallelStream()
                        .map(s -> LagcTrajectory.run(s, setup, size.epsilon() * loss0, size.cap()))
                        .toList();
        for (LagcTrajectory t : runs) {
            LagcScheme s = t.scheme();
            trajectories.put(s.label(), t);
            if (s.lazy()) {
                bounds.put(
                        s.label(),
                        LazySelectionBounds.forUnits(t.unitSmoothness(), XI, MEMORY, setup.alpha())
                                .effectiveUnits());
            }
        }
        // Pass 1: T_ε; pass 2 (same streams): L(t) on a grid of fractions of GD's mean T_ε.
        double[] none = new double[0];
        LagcRealizations gd =
                LagcRealizations.simulate(
                        trajectories.get("GD"), 0, realizations, seed, none, none);
        double[] gridP = grid(Stats.mean(gd.timePareto()));
        double[] gridE = grid(Stats.mean(gd.timeExp()));
        Map<String, LagcRealizations> times = new LinkedHashMap<>();
        int index = 0;
        for (LagcTrajectory t : trajectories.values()) {
            times.put(
                    t.scheme().label(),
                    LagcRealizations.simulate(t, index++, realizations, seed, gridP, gridE));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Outcome(
                size,
                realizations,
                loss0,
                setup.smoothness(),
                seconds,
                trajectories,
                times,
                gridP,
                gridE,
                bounds);
    }

    /** 1/8, 1/4, 1/2, 1 and 2 × GD's mean time to ε. */
    static double[] grid(double gdTime) {
        return new double[] {gdTime / 8, gdTime / 4, gdTime / 2, gdTime, 2 * gdTime};
    }

    @Override
    public List<ReproducedNumber> run(long seed, double scale) {
        int realizations = Math.max(2, (int) Math.round(size.realizations() * scale));
        last = simulate(size, seed, realizations);
        return new ArrayList<>(LagcFashionRows.rows(last));
    }

    @Override
    public String extraMarkdown(long seed) {
        return last == null ? "" : LagcFashionReport.markdown(last);
    }
}
