package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.codedyarn.am.net.ServerOptions;
import io.codedyarn.am.output.RunOutputs;
import io.codedyarn.am.yarn.ProgressFile;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.coordinator.cluster.JobInfo;
import io.codedyarn.coordinator.round.TrainSpec;
import io.codedyarn.coordinator.trace.JobJson;
import io.codedyarn.hdfs.dataset.WriterOptions;
import io.codedyarn.hdfs.generate.GeneratorParams;
import io.codedyarn.hdfs.generate.Generators;
import io.codedyarn.hdfs.prepare.DatasetPreparer;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.scheme.Schemes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ApplicationMaster's wiring without a cluster: {@link AppMaster#run} against {@link
 * FakeAmClients} (a ResourceManager that allocates every request at once on one NodeManager,
 * NodeManagers that start the real worker client in this JVM from the launch context alone), a
 * dataset placed on the local file system and the staged job files in a temporary directory. What
 * the AM said to the ResourceManager is checked in order: registration, one strict request per
 * worker on the node holding its data, and the unregistration with the final status.
 */
class AppMasterTest {
    private static final String HOST = "127.0.0.1";
    private static final String APP = "application_1700000000000_0001";

    @TempDir java.nio.file.Path tmp;
    private FileSystem fs;
    private FakeAmClients clients;

    @BeforeEach
    void localFileSystem() throws IOException {
        fs = FileSystem.getLocal(new Configuration());
    }

    @AfterEach
    void close() {
        if (clients != null) {
            clients.close();
        }
    }

    /** Uncoded LR on {@code workers} workers, seed 11. */
    private static TrainSpec lr(int workers, int iterations) {
        return io.codedyarn.am.Specs.uncodedGd(SchemeParams.of(workers, 0, 11), iterations);
    }

    /** A generated dataset placed for {@code spec}'s plan; its qualified path. */
    private Path placed(TrainSpec spec) throws IOException {
        Plan plan = Schemes.byName(spec.scheme()).place(spec.params(), Seeds.generator(11));
        Path raw = fs.makeQualified(new Path(tmp.resolve("raw").toUri()));
        Generators.generate(
                fs,
                raw,
                Generators.create(GeneratorParams.of("higgs-like", 300, 6, 7)),
                WriterOptions.defaults(),
                null);
        Path out = fs.makeQualified(new Path(tmp.resolve("placed").toUri()));
        String planJson = new ObjectMapper().writeValueAsString(PlanDocument.of(plan, null));
        DatasetPreparer.prepare(
                fs,
                raw,
                fs,
                out,
                new DatasetPreparer.Request(plan, planJson, List.of(), false, false));
        return out;
    }

    /** Stages {@code spec} as the client would; runs the AM; returns the RM's record of it. */
    private List<String> run(TrainSpec spec, Path data, Path out) throws IOException {
        return run(spec, data, out, "0");
    }

    /** With {@code coded-yarn.worker.spares} = {@code spares} in the job's site file. */
    private List<String> run(TrainSpec spec, Path data, Path out, String spares)
            throws IOException {
        java.nio.file.Path dir = Files.createDirectories(tmp.resolve("am"));
        Files.writeString(
                dir.resolve(YarnKeys.SITE_XML),
                "<configuration><property><name>coded-yarn.worker.spares</name><value>"
                        + spares
                        + "</value></property></configuration>");
        Files.writeString(dir.resolve(JobJson.SPEC_FILE), JobJson.write(spec));
        Files.writeString(
                dir.resolve(JobJson.INFO_FILE),
                JobJson.write(new JobInfo(data.toString(), out.toString())));
        new AppMaster(clients, new AmEnvironment(HOST, APP, null, dir)).run();
        return clients.rm.rest();
    }

    @Test
    void warmSparesAreAskedForBesideTheWorkersWithAllocationIdsOfTheirOwn() throws Exception {
        clients = new FakeAmClients();
        // the spares are asked for on the containers' thread when the first round's tasks go out:
        // 400 rounds (a second or more in-process) leave that thread ample time on a loaded machine
        // (20 rounds did not, once, at load 30)
        TrainSpec spec = lr(2, 400);
        Path out = fs.makeQualified(new Path(tmp.resolve("spares").toUri()));
        List<String> rm = run(spec, placed(spec), out, "2");
        // ids from 2^40 on (below, id mod N names a worker), asked for once every worker has its
        // container and is ready (so they take neither a worker's room nor its start-up CPU)
        assertThat(rm.subList(1, 3)).containsExactly("add 0 localhost", "add 1 localhost");
        int spare = rm.indexOf("add 1099511627776 *");
        assertThat(spare).isGreaterThan(rm.indexOf("remove 1 localhost"));
        assertThat(rm.get(spare + 1)).isEqualTo("add 1099511627777 *");
        assertThat(rm.get(rm.size() - 1)).isEqualTo("unregister SUCCEEDED ");
    }

    @Test
    void aRunRegistersRequestsEveryWorkerOnItsDataNodeTrainsAndUnregistersSucceeded()
            throws Exception {
        clients = new FakeAmClients();
        TrainSpec spec = lr(2, 3);
        Path out = fs.makeQualified(new Path(tmp.resolve("run").toUri()));

        List<String> rm = run(spec, placed(spec), out);

        assertThat(rm.get(0)).matches("register 127\\.0\\.0\\.1 http://127\\.0\\.0\\.1:\\d+/");
        // the endpoint listens on the AM's host only, with a bound the model needs (workers
        // reached it over TLS, trusting the pin from their credentials: the run succeeded)
        assertThat(clients.serverOptions.bindAddress()).isEqualTo(HOST);
        assertThat(clients.serverOptions.maxMessageBytes())
                .isLessThan(ServerOptions.defaults().maxMessageBytes());
        // the local file system's blocks are all on "localhost", the one NodeManager's host
        assertThat(rm.subList(1, rm.size()))
                .containsExactly(
                        "add 0 localhost",
                        "add 1 localhost",
                        "remove 0 localhost",
                        "remove 1 localhost",
                        "unregister SUCCEEDED ");
        assertThat(clients.nm.starts())
                .containsExactly("start 0 on localhost:8041", "start 1 on localhost:8041");
        String summary =
                new String(
                        fs.open(new Path(out, RunOutputs.SUMMARY)).readAllBytes(),
                        StandardCharsets.UTF_8);
        assertThat(summary).contains(APP).contains("SUCCEEDED").contains("localhost:8041");
        assertThat(fs.exists(new Path(out, RunOutputs.MODEL))).isTrue();
        // the report beside the outputs (no tracking address: not HDFS), the page report writes
        String report =
                new String(
                        fs.open(new Path(out, FinalReport.FILE)).readAllBytes(),
                        StandardCharsets.UTF_8);
        assertThat(report).contains(APP).contains("<script").contains("echarts");
        assertThat(FinalReport.url(new org.apache.hadoop.conf.Configuration(), out)).isEmpty();
        // model.json beside it: the dataset's fingerprint is the source's manifest (as given to
        // train), which placement.json kept, not the placed copy's
        io.codedyarn.am.output.ModelJson.Model model =
                io.codedyarn.am.output.ModelJson.read(
                        fs, new Path(out, io.codedyarn.am.output.ModelJson.FILE));
        assertThat(model.features()).hasSize(6).startsWith("x0");
        assertThat(model.coefficients()).hasSize(6);
        assertThat(model.training().iterations()).isEqualTo(3);
        assertThat(model.dataset().manifestCrc32c())
                .isEqualTo(
                        io.codedyarn.hdfs.dataset.DatasetVerifier.crc32c(
                                fs,
                                new Path(tmp.resolve("raw").toUri().toString(), "manifest.json")))
                .isNotEqualTo(
                        io.codedyarn.hdfs.dataset.DatasetVerifier.crc32c(
                                fs,
                                new Path(
                                        tmp.resolve("placed").toUri().toString(),
                                        "manifest.json")));
        // the client's progress line: the last of the 3 rounds, published on the way out to the
        // job directory in the AM's home (the fake's own)
        FileSystem am = clients.fileSystem(fs.getUri(), new Configuration());
        ProgressFile.Snapshot last = ProgressFile.read(am, ProgressFile.path(am, APP));
        assertThat(last).isNotNull();
        assertThat(last.iteration()).isEqualTo(2);
        assertThat(summary).contains(String.valueOf(last.objective()));
    }

    @Test
    void aDatasetPlacedForAnotherPlanUnregistersFailedNamingIt() throws Exception {
        clients = new FakeAmClients();
        Path data = placed(lr(2, 3));
        Path out = fs.makeQualified(new Path(tmp.resolve("run").toUri()));

        List<String> rm = run(lr(3, 3), data, out);

        assertThat(rm).hasSize(2);
        assertThat(rm.get(0)).startsWith("register ");
        assertThat(rm.get(1)).startsWith("unregister FAILED plan mismatch: ").contains("plan.json");
        assertThat(fs.exists(out)).isFalse();
    }

    @Test
    void aContainerThatCannotStartUnregistersFailedNamingIt() throws Exception {
        clients =
                new FakeAmClients(
                        (c, context, callbacks) ->
                                callbacks.onStartContainerError(
                                        c.getId(), new IOException("NodeManager unreachable")));
        TrainSpec spec = lr(2, 3);
        Path out = fs.makeQualified(new Path(tmp.resolve("run").toUri()));

        List<String> rm = run(spec, placed(spec), out);

        assertThat(rm.get(rm.size() - 1))
                .startsWith(
                        "unregister FAILED cannot start training: too few workers are ready or on"
                                + " their way; worker 0 on localhost:8041: failed at start:"
                                + " container ")
                .contains(" failed to start: java.io.IOException: NodeManager unreachable");
    }
}
