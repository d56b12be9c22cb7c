package io.codedyarn.compute.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.Seeds;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class CodewordEncoderTest {

    /** Tandon's n=3, s=1 codeword f1 = ½g1 + g2 on concrete vectors. */
    @Test
    void tandonExampleCodeword() {
        Codeword c = new Codeword(new int[] {0, 1}, new double[] {0.5, 1.0});
        double[] f = CodewordEncoder.encode(c, new double[][] {{2, 4}, {1, -1}});
        assertThat(f).containsExactly(2.0, 1.0);
    }

    /** Against exact (BigDecimal) arithmetic on random inputs; and replicas agree bit for bit. */
    @Test
    void matchesExactArithmeticAndIsDeterministic() {
        RandomGenerator rng = Seeds.generator(3);
        for (int trial = 0; trial < 50; trial++) {
            int size = 1 + rng.nextInt(6);
            int d = 1 + rng.nextInt(40);
            int[] parts = new int[size];
            double[] coeff = new double[size];
            double[][] g = new double[size][d];
            for (int t = 0; t < size; t++) {
                parts[t] = 3 * t + rng.nextInt(3);
                coeff[t] = rng.nextGaussian();
                for (int k = 0; k < d; k++) {
                    g[t][k] = rng.nextGaussian() * 1e3;
                }
            }
            Codeword c = new Codeword(parts, coeff);
            double[] f = CodewordEncoder.encode(c, g);
            for (int k = 0; k < d; k++) {
                BigDecimal exact = BigDecimal.ZERO;
                double scale = 0;
                for (int t = 0; t < size; t++) {
                    exact = exact.add(new BigDecimal(coeff[t]).multiply(new BigDecimal(g[t][k])));
                    scale += Math.abs(coeff[t] * g[t][k]);
                }
                double ref = exact.round(MathContext.DECIMAL128).doubleValue();
                assertThat(Math.abs(f[k] - ref)).isLessThanOrEqualTo(size * Math.ulp(scale));
            }
            assertThat(CodewordEncoder.encode(c, g)).isEqualTo(f);
        }
    }

    @Test
    void rejectsMismatchedShapes() {
        Codeword c = Codeword.sumOf(0, 1);
        assertThatThrownBy(() -> CodewordEncoder.encode(c, new double[][] {{1}}))
                .hasMessageContaining("2 partitions but 1");
        assertThatThrownBy(() -> CodewordEncoder.encode(c, new double[][] {{1}, {1, 2}}))
                .hasMessageContaining("partition 1 has dimension 2, expected 1");
    }
}
