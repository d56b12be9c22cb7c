package io.codedyarn.placement.coding;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Decoder;
import io.codedyarn.placement.Decoding;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * The generic decoder (Tandon et al. 2017, eq. 2): find a with B_Fᵀ a = 1_K by an SVD least-squares
 * solve, and accept only when the system is consistent, i.e. ‖B_Fᵀ a − 1‖_∞ ≤ {@link
 * Tolerances#DECODE_RESIDUAL}. The SVD also gives the condition number over the non-zero singular
 * values, which is what limits the decoded gradient's accuracy. Cost O(K·|F|²): schemes with a
 * closed form use their own decoder and keep this one as the reference.
 */
public final class LeastSquaresDecoder implements Decoder {
    private final List<Codeword> codewords;
    private final int partitions;

    public LeastSquaresDecoder(List<Codeword> codewords, int partitions) {
        this.codewords = List.copyOf(codewords);
        this.partitions = partitions;
    }

    @Override
    public Optional<Decoding> decode(BitSet arrived) {
        int[] f = arrived.stream().filter(c -> c < codewords.size()).toArray();
        if (f.length == 0) {
            return Optional.empty();
        }
        // Only the partitions touched by the arrived codewords matter for the columns; a partition
        // nobody covers makes the row of 1_K impossible, so check coverage first.
        boolean[] covered = new boolean[partitions];
        for (int c : f) {
            for (int j : codewords.get(c).partitions()) {
                covered[j] = true;
            }
        }
        for (boolean cv : covered) {
            if (!cv) {
                return Optional.empty();
            }
        }
        double[][] bft = new double[partitions][f.length];
        for (int col = 0; col < f.length; col++) {
            Codeword w = codewords.get(f[col]);
            for (int t = 0; t < w.size(); t++) {
                bft[w.partition(t)][col] = w.coefficient(t);
            }
        }
        Array2DRowRealMatrix m = new Array2DRowRealMatrix(bft, false);
        SingularValueDecomposition svd = new SingularValueDecomposition(m);
        RealVector ones = new ArrayRealVector(partitions, 1.0);
        RealVector a = svd.getSolver().solve(ones);
        RealVector residual = m.operate(a).subtract(ones);
        if (residual.getLInfNorm() > Tolerances.DECODE_RESIDUAL) {
            return Optional.empty();
        }
        double[] coeff = new double[codewords.size()];
        for (int col = 0; col < f.length; col++) {
            coeff[f[col]] = a.getEntry(col);
        }
        return Optional.of(Decoding.exact(coeff, effectiveCondition(svd.getSingularValues())));
    }

    /** σ_max / σ_min over the singular values above the rank threshold. */
    static double effectiveCondition(double[] sv) {
        if (sv.length == 0 || sv[0] == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double threshold = sv[0] * Math.max(sv.length, 1) * Math.ulp(1.0) * 16;
        double min = sv[0];
        for (double s : sv) {
            if (s > threshold) {
                min = Math.min(min, s);
            }
        }
        return sv[0] / min;
    }
}
