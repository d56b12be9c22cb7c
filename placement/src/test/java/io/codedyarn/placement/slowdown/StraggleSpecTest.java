package io.codedyarn.placement.slowdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.codedyarn.placement.InvalidParametersException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class StraggleSpecTest {

    private static Slowdown of(String spec, int worker, int workers) {
        return StraggleSpec.parse(spec)
                .forWorker(worker, workers, "host" + (worker / 2) + ":100", worker / 2, 7, null);
    }

    @Test
    void noneAndEmptyInjectNothing() {
        assertTrue(StraggleSpec.parse("none").isNone());
        assertTrue(StraggleSpec.parse("").isNone());
        assertTrue(StraggleSpec.parse(null).isNone());
        assertEquals(0.0, of("none", 3, 8).delaySeconds(5, 0.2));
    }

    @Test
    void rampSlowsWorkerIByFactorTimesIOverN() {
        // DSAG §VII: worker i (1-based) sleeps an extra 0.4·i/N × its own compute time
        for (int w = 0; w < 8; w++) {
            double c = 0.05;
            assertEquals(
                    0.4 * (w + 1) / 8 * c, of("ramp:factor=0.4", w, 8).delaySeconds(3, c), 1e-15);
        }
    }

    @Test
    void slowActsOnTheNamedWorkersOrNodeOnly() {
        assertEquals(2 * 0.1, of("slow:factor=3,workers=1/4", 1, 6).delaySeconds(0, 0.1), 1e-15);
        assertEquals(2 * 0.1, of("slow:factor=3,workers=1/4", 4, 6).delaySeconds(0, 0.1), 1e-15);
        assertEquals(0.0, of("slow:factor=3,workers=1/4", 2, 6).delaySeconds(0, 0.1));
        // node by index (workers 2 and 3 sit on node 1), by name, by host
        for (String node : new String[] {"1", "host1:100", "host1"}) {
            for (int w = 0; w < 6; w++) {
                double expected = w / 2 == 1 ? 4 * 0.1 : 0.0;
                assertEquals(
                        expected,
                        of("slow:factor=5,node=" + node, w, 6).delaySeconds(9, 0.1),
                        1e-15,
                        node + " w" + w);
            }
        }
        assertEquals(
                4 * 0.1,
                of("slow:factor=5", 5, 6).delaySeconds(0, 0.1),
                1e-15,
                "no target: every worker");
    }

    @Test
    void switchSlowsDownFromKOrSpeedsUpAtK() {
        Slowdown down = of("switch:at=40,factor=3", 0, 4);
        Slowdown up = of("switch:at=40,factor=3,mode=up", 0, 4);
        assertEquals(1.0, down.factor(39));
        assertEquals(3.0, down.factor(40));
        assertEquals(3.0, up.factor(39));
        assertEquals(1.0, up.factor(40));
        assertEquals(3.0, up.factor(-1), "setup rounds count as iteration 0");
    }

    @Test
    void partsMultiply() {
        Slowdown s = of("slow:factor=2,workers=0+switch:at=5,factor=3", 0, 4);
        assertEquals(2.0, s.factor(4));
        assertEquals(6.0, s.factor(5));
        assertEquals(0.5, s.delaySeconds(5, 0.1), 1e-15);
    }

    @Test
    void markovBurstsHaveTheStationaryShareAndMeanLength() {
        double enter = 0.05;
        double leave = 0.25;
        Slowdown s = of("markov:enter=0.05,leave=0.25,factor=5", 2, 4);
        int t = 400_000;
        int inBurst = 0;
        int bursts = 0;
        boolean before = false;
        for (int i = 0; i < t; i++) {
            boolean b = s.factor(i) == 5.0;
            inBurst += b ? 1 : 0;
            bursts += b && !before ? 1 : 0;
            before = b;
        }
        // stationary P(burst) = enter/(enter+leave) = 1/6; mean burst length 1/leave = 4
        assertEquals(enter / (enter + leave), inBurst / (double) t, 0.005);
        assertEquals(1 / leave, inBurst / (double) bursts, 0.1);
    }

    @Test
    void markovStatesDependOnSeedWorkerAndIterationOnly() {
        String spec = "markov:enter=0.2,leave=0.3,factor=4";
        Slowdown sequential = of(spec, 1, 4);
        double[] seen = new double[300];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = sequential.factor(i);
        }
        Slowdown jumping = of(spec, 1, 4);
        for (int i = seen.length - 1; i >= 0; i -= 7) { // backwards and skipping
            assertEquals(seen[i], jumping.factor(i), "iteration " + i);
        }
        Slowdown other = of(spec, 2, 4);
        int differ = 0;
        for (int i = 0; i < seen.length; i++) {
            differ += other.factor(i) != seen[i] ? 1 : 0;
        }
        assertTrue(differ > 30, "workers draw independent chains: " + differ);
        Slowdown reseeded = StraggleSpec.parse(spec).forWorker(1, 4, "h:1", 0, 8, null);
        int differSeed = 0;
        for (int i = 0; i < seen.length; i++) {
            differSeed += reseeded.factor(i) != seen[i] ? 1 : 0;
        }
        assertTrue(differSeed > 30, "another seed, another chain: " + differSeed);
    }

    @Test
    void traceReplaysTheRecordedTimeOfEachWorker() {
        String csv = "iteration,worker,latency\n0,0,0.5\n0,1,0.2\n1,0,0.1\n1,1,0.3\n";
        StraggleSpec spec = StraggleSpec.parse("trace:file=t.csv");
        double[][] cols = spec.traceColumns(2, path -> new StringReader(csv));
        Slowdown w0 = spec.forWorker(0, 2, "n:1", 0, 1, cols[0]);
        Slowdown w1 = spec.forWorker(1, 2, "n:1", 0, 1, cols[1]);
        assertEquals(0.4, w0.delaySeconds(0, 0.1), 1e-15);
        assertEquals(0.0, w0.delaySeconds(1, 0.2), "never negative: compute was slower already");
        assertEquals(0.1, w1.delaySeconds(2, 0.1), 1e-15, "iteration 2 replays trace iteration 0");
        assertThrows(IllegalArgumentException.class, () -> spec.forWorker(0, 2, "n:1", 0, 1, null));
        InvalidParametersException e =
                assertThrows(
                        InvalidParametersException.class,
                        () -> spec.traceColumns(3, path -> new StringReader(csv)));
        assertEquals("--straggle", e.flag());
    }

    @Test
    void badSpecsNameWhatIsWrong() {
        String[][] cases = {
            {"fast:factor=2", "unknown part 'fast'"},
            {"slow", "slow: needs factor="},
            {"slow:factor=0", "factor must be > 0"},
            {"slow:factor=x", "factor is not a number: 'x'"},
            {"slow:factor=2,worker=1", "unknown key 'worker'"},
            {"slow:factor=2,workers=1/b", "ids separated by '/'"},
            {"slow:factor=2,workers=1,node=0", "not both"},
            {"slow:factor=2,workers", "is not key=value"},
            {"markov:enter=2,leave=0.1,factor=3", "probabilities"},
            {"switch:factor=3", "switch: needs at="},
            {"switch:at=3,factor=3,mode=sideways", "mode must be down or up"},
            {"ramp:factor=-1", "factor must be >= 0"},
            {"trace", "trace: needs file=PATH"},
        };
        for (String[] c : cases) {
            InvalidParametersException e =
                    assertThrows(
                            InvalidParametersException.class, () -> StraggleSpec.parse(c[0]), c[0]);
            assertEquals("--straggle", e.flag());
            assertTrue(e.getMessage().contains(c[1]), c[0] + " → " + e.getMessage());
        }
    }
}
