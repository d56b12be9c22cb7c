package io.codedyarn.am.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate} and {@code predict} equal scikit-learn on the committed Fashion-MNIST subset:
 * its logistic regression (fitted after StandardScaler, applied in raw space), ridge regression and
 * PCA, every prediction and metric to 1e-12 ({@link ScikitLearnReference}). The default build reads
 * the committed reference (app-master's test resources {@code io/codedyarn/am/model/sklearn}); the
 * system profile runs {@code testdata/sklearn/make-model-reference.py} with Debian's
 * python3-sklearn and checks against that live output.
 */
class ScikitLearnReferenceTest {
    @TempDir Path tmp;

    private static Path committed() {
        return Path.of("src/test/resources/io/codedyarn/am/model/sklearn");
    }

    @Test
    void evaluateAndPredictEqualTheCommittedScikitLearnValues() throws IOException {
        check(new ScikitLearnReference(committed(), tmp));
    }

    /**
     * The same model gives the same predictions on a dataset imported with {@code --standardize}:
     * the dataset's standardisation is undone once, the model's never applied twice.
     */
    @Test
    void aStandardisedDatasetGivesTheSamePredictions() throws IOException {
        ScikitLearnReference ref = new ScikitLearnReference(committed(), tmp);
        String std = ref.importSubset("lr-std", "--positive-labels", "0", "--standardize");
        ref.checkPredict("lr", std, "pred-std", "probability");
        ref.checkEvaluate("lr", std);
        String digits = ref.importSubset("digits-std", "--standardize");
        ref.checkPredict("pca", digits, "pca-std", "pc1", "pc2", "pc3");
    }

    @Test
    @Tag("system")
    void evaluateAndPredictEqualALiveScikitLearnRun() throws Exception {
        Path python = Path.of("/usr/bin/python3");
        if (!Files.isExecutable(python)) {
            fail(python + " is missing: install Debian's python3-sklearn (.ci/run does it)");
        }
        Path live = tmp.resolve("live");
        Path script = ScikitLearnReference.testdata().resolve("sklearn/make-model-reference.py");
        Process p =
                new ProcessBuilder(python.toString(), script.toString(), live.toString())
                        .redirectErrorStream(true)
                        .start();
        String log = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("make-model-reference.py: " + log).isZero();
        check(new ScikitLearnReference(live, tmp));
    }

    private static void check(ScikitLearnReference ref) throws IOException {
        String lr = ref.importSubset("lr", "--positive-labels", "0");
        String digits = ref.importSubset("digits");
        ref.checkEvaluate("lr", lr);
        ref.checkEvaluate("lsq", digits);
        ref.checkEvaluate("pca", digits);
        ref.checkPredict("lr", lr, "pred-lr", "probability");
        ref.checkPredict("lsq", digits, "pred-lsq", "prediction");
        ref.checkPredict("pca", digits, "pred-pca", "pc1", "pc2", "pc3");
    }
}
