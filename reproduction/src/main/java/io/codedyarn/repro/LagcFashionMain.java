package io.codedyarn.repro;

import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.ReproductionReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code java -cp reproduction/target/classes:placement/target/classes
 * io.codedyarn.repro.LagcFashionMain full|scaled SEED SCALE OUT.md}: one {@link LagcFashion}
 * section without the job jar and Hadoop's libraries (what {@code .ci/lagc-full} runs on a machine
 * that has only a JDK and the working tree). {@code bin/coded-yarn reproduce lagc-fashion-full}
 * does the same through the CLI.
 */
public final class LagcFashionMain {
    private LagcFashionMain() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 4 || !List.of("full", "scaled").contains(args[0])) {
            System.err.println("usage: LagcFashionMain full|scaled SEED SCALE OUT.md");
            System.exit(2);
        }
        LagcFashion r = args[0].equals("full") ? LagcFashion.full() : LagcFashion.scaled();
        long seed = Long.parseLong(args[1]);
        double scale = Double.parseDouble(args[2]);
        List<ReproducedNumber> rows = r.run(seed, scale);
        String section = ReproductionReport.section(r, rows, seed, scale);
        Files.writeString(Path.of(args[3]), section, StandardCharsets.UTF_8);
        System.out.print(section);
    }
}
