package io.codedyarn.placement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable, self-validating placement plan: which partitions each worker stores, the codewords
 * the scheme can ask for, which codeword each worker computes by default (and its load), the
 * decoder and its promise. What only one scheme family needs (SAG's w, LAG's groups, BCC's batches,
 * GC-DC's membership matrix) is typed in {@link #family()}. Built by {@link Scheme#place}.
 *
 * <p>Partitions and workers are 0-based here; the papers' 1-based examples are shifted by one in
 * the tests.
 */
public final class Plan {
    private final String scheme;
    private final int workers;
    private final int partitions;
    private final int stragglers;
    private final long seed;
    private final int[][] stored;
    private final List<Codeword> codewords;
    private final int[] assignment;
    private final int[][] extraSends;
    private final double[] load;
    private final Decoder decoder;
    private final ResponderPromise promise;
    private final FamilySettings family;
    private final Map<String, String> parameters;
    private final Map<String, Double> diagnostics;

    private Plan(Builder b) {
        this.scheme = Objects.requireNonNull(b.scheme, "scheme");
        this.workers = b.workers;
        this.partitions = b.partitions;
        this.stragglers = b.stragglers;
        this.seed = b.seed;
        this.stored = new int[workers][];
        for (int i = 0; i < workers; i++) {
            int[] s = b.stored[i] == null ? new int[0] : b.stored[i].clone();
            Arrays.sort(s);
            this.stored[i] = s;
        }
        this.codewords = List.copyOf(b.codewords);
        this.assignment = b.assignment.clone();
        this.extraSends = new int[workers][];
        for (int i = 0; i < workers; i++) {
            this.extraSends[i] = b.extraSends[i] == null ? new int[0] : b.extraSends[i].clone();
        }
        this.load = b.load == null ? defaultLoad() : b.load.clone();
        this.decoder = Objects.requireNonNull(b.decoder, "decoder");
        this.promise = Objects.requireNonNull(b.promise, "promise");
        this.family = b.family;
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(b.parameters));
        this.diagnostics = Collections.unmodifiableMap(new LinkedHashMap<>(b.diagnostics));
        PlanChecks.check(
                scheme,
                workers,
                partitions,
                stored,
                codewords,
                assignment,
                extraSends,
                load,
                promise,
                family,
                b.unstoredAllowed);
    }

    public static Builder builder(String scheme, int workers, int partitions) {
        return new Builder(scheme, workers, partitions);
    }

    private double[] defaultLoad() {
        double[] l = new double[workers];
        for (int i = 0; i < workers; i++) {
            l[i] = assignment[i] >= 0 ? codewords.get(assignment[i]).size() : 0;
        }
        return l;
    }

    public String scheme() {
        return scheme;
    }

    public int workers() {
        return workers;
    }

    public int partitions() {
        return partitions;
    }

    /** Number of stragglers the scheme is designed to tolerate (in the worst case). */
    public int stragglers() {
        return stragglers;
    }

    public long seed() {
        return seed;
    }

    /** Sorted partitions stored by {@code worker}. */
    public int[] stored(int worker) {
        return stored[worker].clone();
    }

    /** How many workers store partition {@code j} (its HDFS replication). */
    public int copies(int j) {
        int c = 0;
        for (int[] s : stored) {
            if (Arrays.binarySearch(s, j) >= 0) {
                c++;
            }
        }
        return c;
    }

    public List<Codeword> codewords() {
        return codewords;
    }

    public Codeword codeword(int c) {
        return codewords.get(c);
    }

    /** The codeword {@code worker} computes in the static (default) assignment; -1 for none. */
    public int assignment(int worker) {
        return assignment[worker];
    }

    /**
     * Every codeword {@code worker} uploads per iteration in the static assignment: its assigned
     * one, then any extra ones (generalized BCC sends one uncoded gradient per stored partition).
     * Empty when the worker has no task.
     */
    public int[] sends(int worker) {
        if (assignment[worker] < 0) {
            return new int[0];
        }
        int[] out = new int[1 + extraSends[worker].length];
        out[0] = assignment[worker];
        System.arraycopy(extraSends[worker], 0, out, 1, extraSends[worker].length);
        return out;
    }

    /**
     * What {@code worker} uploads when this iteration assigns it codeword {@code assigned} (−1: no
     * task): its static {@link #sends} when that is its planned codeword, else the one codeword
     * (dynamic schemes such as GC-DC re-assign codewords per iteration). The one rule the time
     * simulator and the coordinator share.
     */
    public int[] sends(int worker, int assigned) {
        if (assigned < 0) {
            return new int[0];
        }
        return assigned == assignment[worker] ? sends(worker) : new int[] {assigned};
    }

    /**
     * Partitions' worth of data the worker processes per iteration (all subpartitions), in this
     * plan's partitions of n/K rows. Latency models charge n/N-row shares instead, the same unit
     * for every scheme: {@code latency.LoadUnit.of(plan)} = load · N/K.
     */
    public double load(int worker) {
        return load[worker];
    }

    public double[] loads() {
        return load.clone();
    }

    public Decoder decoder() {
        return decoder;
    }

    public ResponderPromise promise() {
        return promise;
    }

    /** The scheme family's typed values and per-worker task metadata (group, batch, p_i). */
    public FamilySettings family() {
        return family;
    }

    /**
     * The family settings as {@code kind}, for code that only makes sense on one family (SAG's w,
     * GC-DC's membership matrix).
     *
     * @throws IllegalArgumentException naming the scheme when the plan is of another family
     */
    public <F extends FamilySettings> F family(Class<F> kind) {
        if (!kind.isInstance(family)) {
            throw new IllegalArgumentException(
                    scheme
                            + " plans carry "
                            + family.getClass().getSimpleName()
                            + " settings, not "
                            + kind.getSimpleName());
        }
        return kind.cast(family);
    }

    /**
     * The scheme's effective parameters (after defaults) as {@code plan --json} shows them: the
     * family's values ({@link FamilySettings#describe}) among figures that are only shown. For
     * people and scripts; code reads {@link #family()}.
     */
    public Map<String, String> parameters() {
        return parameters;
    }

    /** Numbers measured while constructing (for example the worst condition number checked). */
    public Map<String, Double> diagnostics() {
        return diagnostics;
    }

    /** The dense encoding matrix B (codewords x partitions). */
    public double[][] encodingMatrix() {
        double[][] b = new double[codewords.size()][partitions];
        for (int c = 0; c < codewords.size(); c++) {
            Codeword w = codewords.get(c);
            for (int t = 0; t < w.size(); t++) {
                b[c][w.partition(t)] = w.coefficient(t);
            }
        }
        return b;
    }

    /** The codewords computed in the static assignment, as a set. */
    public BitSet assignedCodewords() {
        BitSet s = new BitSet(codewords.size());
        for (int i = 0; i < workers; i++) {
            for (int c : sends(i)) {
                s.set(c);
            }
        }
        return s;
    }

    /** Mutable builder; {@link #build()} validates and freezes. */
    public static final class Builder {
        private final String scheme;
        private final int workers;
        private final int partitions;
        private int stragglers;
        private long seed;
        private final int[][] stored;
        private final List<Codeword> codewords = new ArrayList<>();
        private final int[] assignment;
        private final int[][] extraSends;
        private double[] load;
        private Decoder decoder;
        private ResponderPromise promise;
        private FamilySettings family = new FamilySettings.None();
        private boolean familySet;
        private final Map<String, String> parameters = new LinkedHashMap<>();
        private final Map<String, Double> diagnostics = new LinkedHashMap<>();
        private boolean unstoredAllowed;

        private Builder(String scheme, int workers, int partitions) {
            this.scheme = scheme;
            this.workers = workers;
            this.partitions = partitions;
            this.stored = new int[Math.max(workers, 0)][];
            this.assignment = filled(workers, -1);
            this.extraSends = new int[Math.max(workers, 0)][];
        }

        private static int[] filled(int n, int v) {
            int[] a = new int[Math.max(n, 0)];
            Arrays.fill(a, v);
            return a;
        }

        public Builder stragglers(int s) {
            this.stragglers = s;
            return this;
        }

        public Builder seed(long x) {
            this.seed = x;
            return this;
        }

        public Builder stored(int worker, int... parts) {
            this.stored[worker] = parts.clone();
            return this;
        }

        /** Adds a codeword and returns its index. */
        public int addCodeword(Codeword c) {
            codewords.add(c);
            return codewords.size() - 1;
        }

        public Builder assign(int worker, int codeword) {
            assignment[worker] = codeword;
            return this;
        }

        /** Further codewords the worker uploads each iteration besides its assigned one. */
        public Builder alsoSends(int worker, int... codewords) {
            extraSends[worker] = codewords.clone();
            return this;
        }

        public Builder load(double[] perWorker) {
            this.load = perWorker.clone();
            return this;
        }

        public Builder decoder(Decoder d) {
            this.decoder = d;
            return this;
        }

        public Builder promise(ResponderPromise p) {
            this.promise = p;
            return this;
        }

        /**
         * The plan's family settings (default {@link FamilySettings.None}); their values join the
         * parameters here, after those added so far.
         */
        public Builder family(FamilySettings f) {
            if (familySet) {
                throw new IllegalStateException(scheme + ": family settings given twice");
            }
            this.family = Objects.requireNonNull(f, "family");
            this.familySet = true;
            f.describe(parameters);
            return this;
        }

        /** A figure shown among the parameters (never read back: typed values go in family). */
        public Builder parameter(String key, Object value) {
            parameters.put(key, String.valueOf(value));
            return this;
        }

        /**
         * Lets partitions go unstored: only for an i.i.d. placement kept as drawn (bcc, bcc-hetero
         * without a redraw), whose decoder then returns a rescaled estimate over the stored ones.
         */
        public Builder allowUnstoredPartitions() {
            this.unstoredAllowed = true;
            return this;
        }

        public Builder diagnostic(String key, double value) {
            diagnostics.put(key, value);
            return this;
        }

        public int codewordCount() {
            return codewords.size();
        }

        public Codeword codeword(int c) {
            return codewords.get(c);
        }

        public Plan build() {
            return new Plan(this);
        }
    }
}
