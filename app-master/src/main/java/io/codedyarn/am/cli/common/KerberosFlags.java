package io.codedyarn.am.cli.common;

import io.codedyarn.am.yarn.kerberos.KeytabLogin;
import io.codedyarn.placement.InvalidParametersException;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Option;

/**
 * {@code train}'s Kerberos flags, as spark-submit has them: a job that outlives its delegation
 * tokens logs in from a keytab, which travels with it.
 */
public final class KerberosFlags {
    @Option(
            names = "--principal",
            paramLabel = "P",
            description =
                    "yarn, Kerberos: log in as P from --keytab; the keytab goes with the job (a"
                            + " private file of the application) and the ApplicationMaster uses it"
                            + " to obtain fresh HDFS tokens before the job's expire, so a run may"
                            + " outlive them")
    String principal;

    @Option(
            names = "--keytab",
            paramLabel = "K",
            description = "yarn, Kerberos: the keytab file holding --principal's keys")
    String keytab;

    /** The flags' names, for the flags {@code --resume} accepts. */
    public static final java.util.Set<String> NAMES = java.util.Set.of("--principal", "--keytab");

    /**
     * Checks the flags for {@code mode} and logs in from the keytab before anything is submitted.
     *
     * @throws InvalidParametersException naming the flag
     */
    public void login(String mode, Configuration hadoop) {
        if (principal == null && keytab == null) {
            return;
        }
        requireYarn(mode);
        KeytabLogin.login(hadoop, principal, keytab);
    }

    /**
     * Checks that a run in {@code mode} may take the flags: a job whose mode is known only once it
     * is read (a resumed one) is checked again then.
     *
     * @throws InvalidParametersException naming the flag, when one is given and {@code mode} is not
     *     yarn
     */
    public void requireYarn(String mode) {
        InvalidParametersException.require(
                (principal == null && keytab == null) || mode.equals("yarn"),
                principal != null ? "--principal" : "--keytab",
                "only applies to --cluster yarn");
    }
}
