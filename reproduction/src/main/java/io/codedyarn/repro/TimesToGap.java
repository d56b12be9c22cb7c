package io.codedyarn.repro;

import io.codedyarn.compute.data.DenseRows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated time each curve of a training reproduction takes to reach a gap, read from its
 * runs: per curve (by label, in the tables' order) the traces of its realizations and the exact gap
 * of each one's final model, which decides whether a time counts (a method's logged gap is its own
 * estimate and may dip below the true gap). Realization r of every curve shares latency seed r, so
 * ratios between curves are paired.
 *
 * @param traces each curve's traces, one per realization
 * @param exactGaps each curve's exact final gaps, one per realization
 */
record TimesToGap(Map<String, List<Trace>> traces, Map<String, double[]> exactGaps) {

    /** The curves' runs with the exact gaps of their final models on {@code data}. */
    static TimesToGap of(Map<String, List<Trace>> traces, DenseRows data, double reference) {
        Map<String, double[]> exactGaps = new LinkedHashMap<>();
        for (String label : traces.keySet()) {
            exactGaps.put(label, HiggsLikeLr.exactFinalGaps(traces.get(label), data, reference));
        }
        return new TimesToGap(traces, exactGaps);
    }

    /** Per realization: simulated seconds to reach {@code gap} (NaN if never). */
    static double[] timeTo(List<Trace> traces, double gap) {
        double[] t = new double[traces.size()];
        for (int r = 0; r < t.length; r++) {
            Trace tr = traces.get(r);
            int i = tr.firstGapAtMost(gap);
            t[r] = i < 0 ? Double.NaN : tr.seconds()[i];
        }
        return t;
    }

    /**
     * Mean time to {@code gap}, NaN unless every realization reached it: its logged gap (the
     * method's own estimate) fell to {@code gap} AND the exact gap of its final model is ≤ {@code
     * gap}. The second condition rejects biased estimates (SGD's rescaled fastest-k sum, SAG w &lt;
     * N's cache that never sees the slow workers' data) that dip below the true gap.
     */
    static double meanTimeTo(List<Trace> traces, double gap, double[] exactFinalGap) {
        double[] t = timeTo(traces, gap);
        for (int r = 0; r < t.length; r++) {
            if (Double.isNaN(t[r]) || exactFinalGap[r] > gap) {
                return Double.NaN;
            }
        }
        return Stats.mean(t);
    }

    /** The curves' labels, in order. */
    Iterable<String> labels() {
        return traces.keySet();
    }

    /** {@link #meanTimeTo} of the curve {@code label}. */
    double time(String label, double gap) {
        return meanTimeTo(traces.get(label), gap, exactGaps.get(label));
    }

    /** Mean over realizations of the exact final gaps of the curve {@code label}. */
    double meanExactGap(String label) {
        return Stats.mean(exactGaps.get(label));
    }

    /**
     * Per realization r: time(a)/time(b) to {@code gap} (same latency seed, so paired); NaN where
     * either did not reach it (see {@link #meanTimeTo}).
     */
    double[] pairedRatios(String a, String b, double gap) {
        double[] ta = timeTo(traces.get(a), gap);
        double[] tb = timeTo(traces.get(b), gap);
        double[] ga = exactGaps.get(a);
        double[] gb = exactGaps.get(b);
        double[] q = new double[ta.length];
        for (int r = 0; r < q.length; r++) {
            q[r] = ga[r] > gap || gb[r] > gap ? Double.NaN : ta[r] / tb[r];
        }
        return q;
    }
}
