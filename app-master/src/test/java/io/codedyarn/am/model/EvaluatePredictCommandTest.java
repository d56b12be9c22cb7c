package io.codedyarn.am.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate} and {@code predict} through the CLI on small CSV imports: features matched by
 * name, bad input refused with exit 2, one line naming the flag, and nothing written.
 */
class EvaluatePredictCommandTest {
    @TempDir Path tmp;

    private static final String LSQ =
            "{\"format\":\"coded-yarn-model\",\"formatVersion\":1,\"workload\":\"lsq\","
                    + "\"features\":[\"age\",\"income\",\"height\"],"
                    + "\"coefficients\":[2.0,-0.5,0.25],\"intercept\":10.0%s}";

    private static final String[] ROWS = {"30,100,170,45", "40,80,160,90", "25,120,180,0"};

    /** y = 10 + 2·age − 0.5·income + 0.25·height for the rows above. */
    private static double lsq(double age, double income, double height) {
        return 10 + 2 * age - 0.5 * income + 0.25 * height;
    }

    private String file(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }

    private String importCsv(String name, String header, List<String> rows, String... flags)
            throws IOException {
        String csv = file(name + ".csv", header + "\n" + String.join("\n", rows) + "\n");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "data",
                                "import",
                                "--format",
                                "csv",
                                "--header",
                                "--quiet",
                                "--input",
                                csv,
                                "--out",
                                tmp.resolve(name).toString()));
        args.addAll(List.of(flags));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.rc()).as(r.err()).isZero();
        return tmp.resolve(name).toString();
    }

    private String lsqModel(String extra) throws IOException {
        return file("lsq-" + Math.abs(extra.hashCode()) + ".json", String.format(LSQ, extra));
    }

    private List<String> predictLines(String model, String data, String... extra)
            throws IOException {
        Path out = tmp.resolve("out-" + System.nanoTime());
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "predict",
                                "--model",
                                model,
                                "--data",
                                data,
                                "--out",
                                out.toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.rc()).as(r.err()).isZero();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> s = Files.list(out)) {
            for (Path p :
                    s.filter(p -> p.getFileName().toString().startsWith("part-"))
                            .sorted()
                            .toList()) {
                List<String> l = Files.readAllLines(p);
                lines.addAll(lines.isEmpty() ? l : l.subList(1, l.size()));
            }
        }
        return lines;
    }

    @Test
    void featuresAreMatchedByNameNotByPosition() throws IOException {
        String model = lsqModel("");
        String shuffled =
                importCsv(
                        "shuffled",
                        "height,age,income,y",
                        List.of("170,30,100,45", "160,40,80,90", "180,25,120,0"));
        List<String> lines = predictLines(model, shuffled, "--keep-columns", "row,age,label");
        assertThat(lines.get(0)).isEqualTo("row,age,label,prediction");
        assertThat(lines.get(1)).isEqualTo("1,30.0,45.0," + lsq(30, 100, 170));
        assertThat(lines.get(3)).isEqualTo("3,25.0,0.0," + lsq(25, 120, 180));
    }

    @Test
    void aStandardisedImportWithAnInterceptColumnPredictsAsTheRawOne() throws IOException {
        String model = lsqModel("");
        String raw = importCsv("raw", "age,income,height,y", List.of(ROWS));
        String std =
                importCsv(
                        "std",
                        "age,income,height,y",
                        List.of(ROWS),
                        "--standardize",
                        "--intercept");
        List<String> a = predictLines(model, raw);
        List<String> b = predictLines(model, std, "--format", "csv");
        for (int i = 1; i < a.size(); i++) {
            assertThat(Double.parseDouble(b.get(i)))
                    .isCloseTo(Double.parseDouble(a.get(i)), within(1e-12));
        }
        CliRun r = CliRun.of("evaluate", "--model", model, "--data", std, "--json");
        assertThat(r.rc()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        double se = 0;
        double[] y = {45, 90, 0};
        double[][] x = {{30, 100, 170}, {40, 80, 160}, {25, 120, 180}};
        for (int i = 0; i < 3; i++) {
            double e = y[i] - lsq(x[i][0], x[i][1], x[i][2]);
            se += e * e;
        }
        assertThat(j.get("rmse").asDouble()).isCloseTo(Math.sqrt(se / 3), within(1e-12));
        assertThat(j.get("workload").asText()).isEqualTo("lsq");
    }

    @Test
    void anExtraOrMissingFeatureIsRefusedNamingItAndNothingIsWritten() throws IOException {
        String model = lsqModel("");
        String extra =
                importCsv(
                        "extra",
                        "age,income,height,weight,y",
                        List.of("30,100,170,70,45", "40,80,160,60,90"));
        Path out = tmp.resolve("never");
        CliRun r = CliRun.of("predict", "--model", model, "--data", extra, "--out", out.toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("feature 'weight' (column 3) is not one of the model's");
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(out).doesNotExist();
        assertThat(tmp.toFile().list()).noneMatch(n -> n.startsWith(".never"));

        String missing = importCsv("missing", "age,income,y", List.of("30,100,45", "40,80,90"));
        r = CliRun.of("evaluate", "--model", model, "--data", missing);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err())
                .contains("the model's feature 'height' is not in the dataset")
                .contains("--allow-missing");
        r = CliRun.of("evaluate", "--model", model, "--data", missing, "--allow-missing");
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err())
                .contains("--allow-missing: the model carries no training mean")
                .contains("'height'");
    }

    @Test
    void allowMissingFillsTheTrainingMean() throws IOException {
        String model =
                lsqModel(
                        ",\"standardization\":{\"centre\":[35,90,175],"
                                + "\"scale\":[0.1,0.01,0.05]}");
        String missing = importCsv("missing", "age,income,y", List.of("30,100,45", "40,80,90"));
        CliRun r =
                CliRun.of(
                        "predict",
                        "--model",
                        model,
                        "--data",
                        missing,
                        "--allow-missing",
                        "--out",
                        tmp.resolve("filled").toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).contains("filled with the training mean (--allow-missing): height");
        List<String> lines = Files.readAllLines(tmp.resolve("filled/part-00000.csv"));
        assertThat(lines.get(1)).isEqualTo(Double.toString(lsq(30, 100, 175)));
    }

    @Test
    void badModelsAndAnExistingOutAreRefused() throws IOException {
        String data = importCsv("d", "age,income,height,y", List.of(ROWS));
        String newer =
                file(
                        "newer.json",
                        String.format(LSQ, "")
                                .replace("\"formatVersion\":1", "\"formatVersion\":2"));
        CliRun r = CliRun.of("evaluate", "--model", newer, "--data", data);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--model: ").contains("formatVersion 2 is not supported");

        // a diverged run's model (1e999 reads as infinity) is refused naming the field
        String diverged = file("diverged.json", String.format(LSQ, "").replace("-0.5", "1e999"));
        r = CliRun.of("evaluate", "--model", diverged, "--data", data);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("field 'coefficients' holds a number that is not finite");

        Path run = Files.createDirectories(tmp.resolve("not-a-run"));
        r = CliRun.of("evaluate", "--model", run.toString(), "--data", data);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("has no model.json");

        Path existing = Files.createDirectories(tmp.resolve("existing"));
        Files.writeString(existing.resolve("keep.txt"), "mine");
        r =
                CliRun.of(
                        "predict",
                        "--model",
                        lsqModel(""),
                        "--data",
                        data,
                        "--out",
                        existing.toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--out: ").contains("already exists");
        assertThat(existing.toFile().list()).containsExactly("keep.txt");
    }

    @Test
    void anLrModelNeedsTwoClassLabelsToBeEvaluatedButNotToPredict() throws IOException {
        String lr = file("lr.json", String.format(LSQ, "").replace("\"lsq\"", "\"lr\""));
        String unlabelled =
                importCsv("nolabels", "age,income,height", List.of("30,100,170"), "--no-labels");
        CliRun r = CliRun.of("evaluate", "--model", lr, "--data", unlabelled);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("has no labels: evaluating an lr model needs labelled rows");
        String digits =
                importCsv("digits", "age,income,height,y", List.of(ROWS), "--classes", "0,45,90");
        r = CliRun.of("evaluate", "--model", lr, "--data", digits);
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err())
                .contains("its labels are the classes [0.0, 45.0, 90.0]")
                .contains("--positive-labels");
        List<String> lines = predictLines(lr, unlabelled, "--threshold", "0.4");
        double p = 1 / (1 + Math.exp(-lsq(30, 100, 170)));
        assertThat(lines).containsExactly("probability,prediction", p + "," + (p > 0.4 ? 1 : -1));
    }

    @Test
    void aModelFromATrainRunDirectoryIsApplied() throws IOException {
        String data = importCsv("train", "age,income,height,y", List.of(ROWS), "--standardize");
        Path run = tmp.resolve("run");
        CliRun t =
                CliRun.of(
                        "train",
                        "--cluster",
                        "simulated",
                        "--latency",
                        "exp:eta=1",
                        "--scheme",
                        "uncoded",
                        "--workers",
                        "1",
                        "--workload",
                        "lsq",
                        "--iterations",
                        "5",
                        "--data",
                        data,
                        "--out",
                        run.toString());
        assertThat(t.rc()).as(t.err()).isZero();
        CliRun r = CliRun.of("evaluate", "--model", run.toString(), "--data", data);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("lsq model").contains("3 rows").contains("RMSE");
        assertThat(r.err()).contains("--data is the dataset the model was trained on");
        String other = importCsv("other", "age,income,height,y", List.of(ROWS));
        r = CliRun.of("evaluate", "--model", run.toString(), "--data", other);
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("trained on");
    }

    @Test
    void parquetOutputHoldsWhatTheCsvHolds() throws IOException {
        String lr = file("lr.json", String.format(LSQ, "").replace("\"lsq\"", "\"lr\""));
        String data = importCsv("d", "age,income,height,y", List.of(ROWS));
        List<String> csv = predictLines(lr, data, "--keep-columns", "row");
        Path out = tmp.resolve("pq");
        CliRun r =
                CliRun.of(
                        "predict",
                        "--model",
                        lr,
                        "--data",
                        data,
                        "--format",
                        "parquet",
                        "--keep-columns",
                        "row",
                        "--out",
                        out.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(out.resolve("part-00000.parquet")).exists();
        // read it back with data import's Parquet reader: the output directory's part files
        Path back = tmp.resolve("back");
        r =
                CliRun.of(
                        "data",
                        "import",
                        "--format",
                        "parquet",
                        "--no-labels",
                        "--quiet",
                        "--input",
                        out.toString(),
                        "--out",
                        back.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        var reader =
                io.codedyarn.hdfs.dataset.DatasetReader.open(
                        org.apache.hadoop.fs.FileSystem.getLocal(
                                new org.apache.hadoop.conf.Configuration()),
                        new org.apache.hadoop.fs.Path(back.toUri()));
        assertThat(reader.manifest().spec().featureNames())
                .containsExactly("row", "probability", "prediction");
        var block = (io.codedyarn.hdfs.dataset.DenseBlock) reader.readRows(1, 3);
        for (int i = 0; i < 3; i++) {
            String[] line = csv.get(i + 1).split(",");
            for (int c = 0; c < 3; c++) {
                assertThat(block.get(i, c)).isEqualTo(Double.parseDouble(line[c]));
            }
        }
    }

    @Test
    void aFailureHalfWayLeavesNothingUnderOut() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(i + "," + (2 * i) + "," + (i % 7) + "," + i);
        }
        String data = importCsv("many", "age,income,height,y", rows, "--block-size", "1k");
        Path dataDir = Path.of(data);
        List<Path> blocks;
        try (Stream<Path> s = Files.list(dataDir)) {
            blocks = s.filter(p -> p.toString().endsWith(".cyd")).sorted().toList();
        }
        assertThat(blocks.size()).as("block files").isGreaterThan(3);
        Files.delete(blocks.get(blocks.size() - 1)); // the last part cannot be written
        Path out = tmp.resolve("half");
        CliRun r =
                CliRun.of(
                        "predict",
                        "--model",
                        lsqModel(""),
                        "--data",
                        data,
                        "--out",
                        out.toString());
        assertThat(r.rc()).isNotZero();
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(out).doesNotExist();
        assertThat(tmp.toFile().list()).noneMatch(n -> n.startsWith(".half"));
    }

    @Test
    void sparseAndStandardisedImportsScoreAsTheDenseRawOne() throws IOException {
        String lsq = lsqModel("");
        String pca =
                file(
                        "pca.json",
                        "{\"format\":\"coded-yarn-model\",\"formatVersion\":1,"
                                + "\"workload\":\"pca\",\"features\":[\"age\",\"income\",\"height\"],"
                                + "\"components\":[[0.6,0.8,0.0],[0.0,0.0,1.0]],\"mean\":[30,90,0]}");
        List<String> rows = List.of("30,0,170,45", "0,80,0,90", "25,120,180,0", "0,0,0,1");
        String dense = importCsv("dense", "age,income,height,y", rows);
        for (String[] flags :
                List.of(
                        new String[] {"--storage", "csr"},
                        new String[] {"--storage", "csr", "--standardize"},
                        new String[] {"--standardize", "--intercept"})) {
            String other =
                    importCsv(
                            "other-" + String.join("", flags).replace("-", ""),
                            "age,income,height,y",
                            rows,
                            flags);
            for (String model : List.of(lsq, pca)) {
                List<String> a = predictLines(model, dense, "--keep-columns", "age,income");
                List<String> b = predictLines(model, other, "--keep-columns", "age,income");
                assertThat(b.get(0)).isEqualTo(a.get(0));
                for (int i = 1; i < a.size(); i++) {
                    String[] x = a.get(i).split(",");
                    String[] y = b.get(i).split(",");
                    for (int c = 0; c < x.length; c++) {
                        assertThat(Double.parseDouble(y[c]))
                                .as(String.join(" ", flags))
                                .isCloseTo(Double.parseDouble(x[c]), within(1e-12));
                    }
                }
            }
        }
        // the PCA scores by hand: row 1 centred is (0, -90, 170)
        List<String> p = predictLines(pca, dense);
        assertThat(p.get(0)).isEqualTo("pc1,pc2");
        assertThat(p.get(1)).isEqualTo((0.8 * -90) + "," + 170.0);
    }

    @Test
    void clusterFlagsAreCheckedBeforeAnyClusterIsAskedFor() throws IOException {
        String data = importCsv("d", "age,income,height,y", List.of(ROWS));
        String model = lsqModel("");
        CliRun r =
                CliRun.of(
                        "predict",
                        "--cluster",
                        "mesos",
                        "--model",
                        model,
                        "--data",
                        data,
                        "--out",
                        tmp.resolve("o1").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--cluster: 'mesos' is neither local, embedded nor yarn");
        r =
                CliRun.of(
                        "predict",
                        "--cluster",
                        "yarn",
                        "--model",
                        model,
                        "--data",
                        data,
                        "--out",
                        tmp.resolve("o2").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--data: ").contains("on --cluster yarn the containers");
        r =
                CliRun.of(
                        "predict",
                        "--format",
                        "orc",
                        "--model",
                        model,
                        "--data",
                        data,
                        "--out",
                        tmp.resolve("o3").toString());
        assertThat(r.rc()).isEqualTo(2);
        assertThat(r.err()).contains("--format: 'orc' is neither csv nor parquet");
        assertThat(tmp.toFile().list()).noneMatch(n -> n.startsWith("o") || n.startsWith(".o"));
    }
}
