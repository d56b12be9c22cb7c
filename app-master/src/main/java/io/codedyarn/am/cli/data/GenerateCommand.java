package io.codedyarn.am.cli.data;

import io.codedyarn.am.cli.common.CliContext;
import io.codedyarn.hdfs.dataset.Manifest;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.hdfs.generate.SyntheticGenerator;
import io.codedyarn.hdfs.progress.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coded-yarn data generate}: a seeded synthetic dataset, streamed row by row into a new
 * dataset directory (see {@link Generators} for the kinds).
 */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = {
            "Generate a seeded synthetic dataset, streaming (memory independent of --rows).",
            "Kinds: gaussian-mixture (BCC's logistic data, dense, labels +-1), higgs-like (dense"
                    + " logistic set shaped like HIGGS), low-rank (PCA matrix with known spectrum,"
                    + " no labels), genotype (sparse binary CSR, no labels), lagc-lsq (LAGC's least"
                    + " squares with per-partition smoothness L_s = (1.3^(s-1)+1)^2).",
            "The seed and the arguments are recorded in the manifest."
        })
public final class GenerateCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--kind",
            required = true,
            paramLabel = "NAME",
            description = "gaussian-mixture | higgs-like | low-rank | genotype | lagc-lsq")
    String kind;

    @Option(names = "--rows", required = true, paramLabel = "N", description = "rows (>= 1)")
    long rows;

    @Option(
            names = "--cols",
            paramLabel = "D",
            description =
                    "feature columns (default per kind: gaussian-mixture 8000, higgs-like 28,"
                            + " low-rank 100, genotype 2504, lagc-lsq 50)")
    Integer cols;

    @Option(
            names = "--density",
            paramLabel = "F",
            description = "genotype: expected fraction of ones, in (0, 1] (default 0.05)")
    Double density;

    @Option(
            names = "--rank",
            paramLabel = "R",
            description = "low-rank: rank r, singular values r, r-1, ..., 1 (default min(10, D))")
    Integer rank;

    @Option(
            names = "--noise",
            paramLabel = "T",
            description = "low-rank: standard deviation of the isotropic noise (default 0.1)")
    Double noise;

    @Option(
            names = "--partitions",
            paramLabel = "S",
            description = "lagc-lsq: partitions with smoothness L_s = (1.3^(s-1)+1)^2 (default 20)")
    Integer partitions;

    @Option(
            names = "--seed",
            paramLabel = "S",
            description = "seed of every random choice (default: coded-yarn.seed)")
    Long seed;

    @Option(names = "--overwrite", description = "replace --out if it exists")
    boolean overwrite;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "dataset directory to create (hdfs://..., file://..., or default FS)")
    String out;

    public GenerateCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        long s = seed == null ? ctx.config().defaultSeed() : seed;
        GeneratorParams params =
                new GeneratorParams(kind, rows, cols, density, s, rank, noise, partitions);
        SyntheticGenerator g = Generators.create(params); // one line + exit 2 on a bad flag
        PrintWriter err = spec.commandLine().getErr();
        try {
            Paths.Located target = Paths.resolve(out, ctx.hadoop());
            if (!overwrite && target.fs().exists(target.path())) {
                throw new IllegalArgumentException(
                        "--out "
                                + target.path()
                                + " already exists (add --overwrite to replace it)");
            }
            Manifest m =
                    Generators.generate(
                            target.fs(),
                            target.path(),
                            g,
                            WriterOptions.defaults().withOverwrite(overwrite),
                            Progress.onStderr("generate " + kind, "rows", rows));
            PrintWriter o = spec.commandLine().getOut();
            o.printf(
                    Locale.ROOT,
                    "generated %s: %d rows x %d cols, %s, nnz %d (density %.4g), %d block(s),"
                            + " %d bytes, seed %d -> %s%n",
                    kind,
                    m.rows(),
                    m.cols(),
                    m.storage().jsonName(),
                    m.nnz(),
                    m.density(),
                    m.blocks().size(),
                    m.bytes(),
                    s,
                    target.path());
            o.flush();
            return 0;
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException(
                    "--out " + out + " already exists (add --overwrite to replace it)", e);
        } catch (IOException e) {
            err.println("coded-yarn generate: " + e.getMessage() + " (no dataset written)");
            err.flush();
            return 1;
        }
    }
}
