package io.codedyarn.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.verify.PlanVerifier;
import io.codedyarn.placement.verify.VerifyReport;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every scheme passes: for random valid parameters (n up to 100), decode(encode(g))
 * equals Σ g to 1e-9 relative on every (or many) promised responder set, supersets decode too, and
 * sets outside the promise are refused or decoded correctly, never wrongly. Also: the same seed
 * gives the same plan.
 */
class SchemeContractTest {

    static Stream<String> schemes() {
        return Schemes.names().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemes")
    void decodesEveryPromisedSetExactly(String name) {
        Scheme scheme = Schemes.byName(name);
        RandomGenerator rng = Seeds.generator(name.hashCode());
        for (int trial = 0; trial < ContractParams.TRIALS; trial++) {
            SchemeParams params = ContractParams.random(name, rng, trial);
            Plan plan = scheme.place(params, Seeds.generator(params.seed()));
            VerifyReport report = new PlanVerifier().verify(plan, Seeds.generator(trial));
            assertThat(report.failures()).as("%s with %s", name, params).isEmpty();
            assertThat(report.patternsChecked()).isPositive();
            assertThat(report.maxRelativeError()).isLessThanOrEqualTo(1e-9);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemes")
    void sameSeedSamePlan(String name) {
        Scheme scheme = Schemes.byName(name);
        SchemeParams params = ContractParams.random(name, Seeds.generator(99), 0);
        Plan a = scheme.place(params, Seeds.generator(params.seed()));
        Plan b = scheme.place(params, Seeds.generator(params.seed()));
        assertThat(a.codewords()).isEqualTo(b.codewords());
        for (int i = 0; i < a.workers(); i++) {
            assertThat(a.stored(i)).isEqualTo(b.stored(i));
            assertThat(a.assignment(i)).isEqualTo(b.assignment(i));
        }
    }
}
