package io.codedyarn.repro;

import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import io.codedyarn.repro.placement.ReproductionReport;
import java.util.List;

/**
 * One reproduction's Markdown section on stdout, without the job jar's CLI (and so without Hadoop
 * on the class path): for a machine that has only a JVM and the reproduction module's jars, such as
 * the device machine of {@code .ci/device-dsag-lb}. The section is what {@code bin/coded-yarn
 * reproduce ID --seed S --scale F} prints.
 *
 * <p>Usage: {@code java -cp 'jars/*' io.codedyarn.repro.ReproduceMain ID [SEED [SCALE]]}.
 */
public final class ReproduceMain {
    private ReproduceMain() {}

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: ReproduceMain ID [SEED [SCALE]] (SCALE in (0, 1])");
            System.exit(2);
        }
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        double scale = args.length > 2 ? Double.parseDouble(args[2]) : 1;
        if (!(scale > 0 && scale <= 1)) {
            System.err.println("ReproduceMain: SCALE must be in (0, 1], got " + args[2]);
            System.exit(2);
        }
        Reproduction r = TrainingReproductions.byId(args[0]);
        List<ReproducedNumber> rows = r.run(seed, scale);
        System.out.print(ReproductionReport.section(r, rows, seed, scale));
        System.out.flush();
    }
}
