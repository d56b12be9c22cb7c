package io.codedyarn.am.yarn.kerberos;

import io.codedyarn.am.yarn.Launch;
import io.codedyarn.am.yarn.YarnKeys;
import io.codedyarn.placement.InvalidParametersException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.LocalResource;

/**
 * The client's side of {@code --principal P --keytab K}: checks both before anything is submitted,
 * logs the client in from the keytab (so that the job's first delegation tokens are P's), and
 * stages the keytab for the ApplicationMaster as a private resource.
 */
public final class KeytabLogin {
    private KeytabLogin() {}

    /** Owner read and write only: the staged keytab is a credential. */
    static final FsPermission KEYTAB_PERMISSION = new FsPermission((short) 0600);

    /**
     * Checks the flags and logs in from the keytab; records both in {@code conf} for the staging
     * ({@link #stage}). Nothing to do when neither flag is given.
     *
     * @throws InvalidParametersException naming the flag: one flag without the other, a keytab that
     *     is missing, not a file or unreadable, a cluster whose configuration does not enable
     *     Kerberos, or a login the KDC refuses
     */
    public static void login(Configuration conf, String principal, String keytab) {
        if (principal == null && keytab == null) {
            return;
        }
        InvalidParametersException.require(
                keytab != null,
                "--principal",
                "needs --keytab K (the keytab file of %s)",
                principal);
        InvalidParametersException.require(
                principal != null, "--keytab", "needs --principal P (whose keys %s holds)", keytab);
        java.nio.file.Path file = java.nio.file.Path.of(keytab).toAbsolutePath();
        InvalidParametersException.require(
                Files.exists(file), "--keytab", "%s does not exist", file);
        InvalidParametersException.require(
                Files.isRegularFile(file), "--keytab", "%s is not a file", file);
        InvalidParametersException.require(
                Files.isReadable(file), "--keytab", "%s cannot be read by this user", file);
        UserGroupInformation.setConfiguration(conf);
        InvalidParametersException.require(
                UserGroupInformation.isSecurityEnabled(),
                "--principal",
                "the cluster's configuration does not use Kerberos"
                        + " (hadoop.security.authentication = %s): no keytab is needed",
                conf.get("hadoop.security.authentication", "simple"));
        try {
            UserGroupInformation.loginUserFromKeytab(principal, file.toString());
        } catch (IOException e) {
            throw new InvalidParametersException(
                    "--keytab", "cannot log in as " + principal + " from " + file + ": " + e);
        }
        conf.set(YarnKeys.PRINCIPAL, principal);
        conf.set(YarnKeys.KEYTAB_PATH, file.toString());
    }

    /**
     * When the client logged in from a keytab: copies it into the application's staging directory
     * {@code dir} (mode 700) with mode 600 and adds it to {@code resources} as the private
     * (APPLICATION) resource {@link YarnKeys#KEYTAB}, which only this application's containers
     * localize.
     */
    public static void stage(
            Configuration conf, FileSystem fs, Path dir, Map<String, LocalResource> resources)
            throws IOException {
        String local = conf.get(YarnKeys.KEYTAB_PATH);
        if (local == null) {
            return;
        }
        Path dst = new Path(dir, YarnKeys.KEYTAB);
        fs.copyFromLocalFile(false, true, new Path(java.nio.file.Path.of(local).toUri()), dst);
        fs.setPermission(dst, KEYTAB_PERMISSION);
        resources.put(YarnKeys.KEYTAB, Launch.fileResource(fs.getFileStatus(dst)));
    }
}
