package io.codedyarn.am.cli;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.am.repro.BccMeasured;
import io.codedyarn.placement.InvalidParametersException;
import io.codedyarn.repro.TrainingReproductions;
import io.codedyarn.repro.placement.Omissions;
import io.codedyarn.repro.placement.ReproducedNumber;
import io.codedyarn.repro.placement.Reproduction;
import io.codedyarn.repro.placement.ReproductionReport;
import io.codedyarn.repro.placement.Reproductions;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code coded-yarn reproduce}: recompute the papers' headline numbers (docs/reproduction.md). */
@Command(
        name = "reproduce",
        mixinStandardHelpOptions = true,
        description = {
            "Recompute the papers' headline numbers with our schemes, latency models and simulators,",
            "each beside the paper's published value, where the paper prints it, its Monte-Carlo",
            "standard error and any deviation from the paper's protocol; the papers are the",
            "reference (the digests' re-derivations are shown for context only). Prints Markdown",
            "(--out writes docs/reproduction.md atomically)."
        })
final class ReproduceCommand implements Callable<Integer> {
    /** The target that runs on an embedded cluster: it needs the command's configuration. */
    static final String MEASURED = "bcc-measured";

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    private final CliContext context;

    ReproduceCommand(CliContext context) {
        this.context = context;
    }

    @Parameters(
            arity = "0..*",
            paramLabel = "PAPER",
            description =
                    "all (default), gc-dc, lagc, hetero-gc, bcc, dsag, and the training runs"
                            + " on the simulated cluster: lagc-training, dsag-training,"
                            + " large-cluster; LAGC Figs. 8–9 on Fashion-MNIST in the paper's"
                            + " model: lagc-fashion (committed subset); omitted (the figures and"
                            + " tables not reproduced, with reasons); only when named (not in"
                            + " all): dsag-lb-training, lagc-fashion-full (60,000 images),"
                            + " bcc-measured (BCC's EC2 run times measured on an embedded"
                            + " cluster: 15 to 35 minutes on 2 cores)")
    List<String> papers = new ArrayList<>();

    @Option(names = "--seed", defaultValue = "1", description = "seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--scale",
            defaultValue = "1",
            description = "fraction of the full runs, in (0, 1] (default: ${DEFAULT-VALUE})")
    double scale;

    @Option(names = "--out", paramLabel = "FILE", description = "write the Markdown document here")
    Path out;

    @Option(
            names = "--list",
            description =
                    "print the ids of all reproductions, one a line, in the document's order, and"
                            + " exit")
    boolean list;

    /**
     * Every reproduction, in the order of docs/reproduction.md: the numeric ones, then training.
     */
    static List<Reproduction> all() {
        List<Reproduction> all = new ArrayList<>(Reproductions.all());
        all.addAll(TrainingReproductions.all());
        all.add(new Omissions());
        return all;
    }

    @Override
    public Integer call() throws Exception {
        InvalidParametersException.require(
                scale > 0 && scale <= 1, "--scale", "must be in (0, 1], got %s", scale);
        if (list) {
            all().forEach(r -> spec.commandLine().getOut().println(r.id()));
            spec.commandLine().getOut().flush();
            return 0;
        }
        List<Reproduction> chosen = new ArrayList<>();
        if (papers.isEmpty() || papers.contains("all")) {
            chosen.addAll(all());
        } else {
            for (String p : papers) {
                chosen.add(
                        p.equals(MEASURED)
                                ? new BccMeasured(context, spec.commandLine().getErr())
                                : TrainingReproductions.byId(p));
            }
        }
        List<String> sections = new ArrayList<>();
        PrintWriter console = spec.commandLine().getOut();
        long allStart = System.nanoTime();
        for (Reproduction r : chosen) {
            long start = System.nanoTime();
            List<ReproducedNumber> numbers = r.run(seed, scale);
            String section =
                    ReproductionReport.timed(
                            ReproductionReport.section(r, numbers, seed, scale),
                            (System.nanoTime() - start) / 1e9);
            sections.add(section);
            if (out == null) {
                console.print(section);
                console.flush();
            }
        }
        if (out != null) {
            Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
            Files.writeString(
                    tmp,
                    ReproductionReport.document(sections, (System.nanoTime() - allStart) / 1e9),
                    StandardCharsets.UTF_8);
            Files.move(
                    tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            console.println("wrote " + out);
        }
        return 0;
    }
}
