package io.codedyarn.am.yarn.kerberos;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.cli.CliRun;
import io.codedyarn.am.cli.CodedYarn;
import io.codedyarn.am.yarn.YarnKeys;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --principal/--keytab}'s bad input is refused by name before anything is placed or
 * submitted; the staged keytab is private to the application.
 */
class KeytabLoginTest {
    @TempDir java.nio.file.Path tmp;

    private static CliRun train(String... flags) {
        String[] args = new String[flags.length + 4];
        args[0] = "train";
        args[1] = "--scheme";
        args[2] = "uncoded";
        args[3] = "--workers=2";
        System.arraycopy(flags, 0, args, 4, flags.length);
        return CliRun.of(args);
    }

    private static void refused(CliRun r, String message) {
        assertThat(r.rc()).as(r.err()).isEqualTo(CodedYarn.EXIT_BAD_INPUT);
        assertThat(r.err()).contains(message);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badKerberosFlagsAreRefusedNamingTheFlagAndTheFile() throws Exception {
        java.nio.file.Path keytab = Files.write(tmp.resolve("alice.keytab"), new byte[] {5, 2});
        refused(
                train("--cluster", "yarn", "--principal", "alice@EXAMPLE.COM"),
                "--principal: needs --keytab K (the keytab file of alice@EXAMPLE.COM)");
        refused(
                train("--cluster", "yarn", "--keytab", keytab.toString()),
                "--keytab: needs --principal P");
        java.nio.file.Path missing = tmp.resolve("missing.keytab");
        refused(
                train("--cluster", "yarn", "--principal", "a", "--keytab", missing.toString()),
                "--keytab: " + missing + " does not exist");
        refused(
                train("--cluster", "yarn", "--principal", "a", "--keytab", tmp.toString()),
                "--keytab: " + tmp + " is not a file");
        refused(
                train("--cluster", "simulated", "--principal", "a", "--keytab", keytab.toString()),
                "--principal: only applies to --cluster yarn");
        // the login comes before the job is read: a --straggle trace on a Kerberos cluster's
        // HDFS is read with the keytab's credentials (this trace is never reached)
        refused(
                train(
                        "--cluster",
                        "yarn",
                        "--straggle",
                        "trace:file=" + tmp.resolve("no-such-trace.csv"),
                        "--principal",
                        "a",
                        "--keytab",
                        missing.toString()),
                "--keytab: " + missing + " does not exist");
        // a cluster without Kerberos (this test's configuration) needs no keytab
        refused(
                train("--cluster", "yarn", "--principal", "a", "--keytab", keytab.toString()),
                "--principal: the cluster's configuration does not use Kerberos"
                        + " (hadoop.security.authentication = simple)");
    }

    @Test
    void theStagedKeytabIsPrivateToTheApplication() throws Exception {
        java.nio.file.Path keytab = Files.write(tmp.resolve("alice.keytab"), new byte[] {5, 2, 7});
        Configuration conf = new Configuration(false);
        FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
        Path dir = new Path(tmp.resolve("staging").toUri());
        Map<String, LocalResource> resources = new HashMap<>();
        KeytabLogin.stage(conf, fs, dir, resources); // no keytab: nothing
        assertThat(resources).isEmpty();

        conf.set(YarnKeys.KEYTAB_PATH, keytab.toString());
        KeytabLogin.stage(conf, fs, dir, resources);
        Path staged = new Path(dir, YarnKeys.KEYTAB);
        assertThat(fs.getFileStatus(staged).getPermission())
                .isEqualTo(new FsPermission((short) 0600));
        assertThat(Files.readAllBytes(java.nio.file.Path.of(staged.toUri())))
                .containsExactly(5, 2, 7);
        LocalResource r = resources.get(YarnKeys.KEYTAB);
        assertThat(r.getVisibility()).isEqualTo(LocalResourceVisibility.APPLICATION);
        assertThat(r.getSize()).isEqualTo(3);
    }
}
