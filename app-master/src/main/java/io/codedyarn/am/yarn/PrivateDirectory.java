package io.codedyarn.am.yarn;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * A directory in a shared place ({@code /tmp}) that only this user may enter: a directory, not a
 * link, owned by the user, mode 700. Another local user could otherwise create it first, or write
 * into it, and plant files this user's JVMs then read (a class-data sharing archive is mapped as
 * code). {@code bin/coded-yarn} checks its archives' directory the same way.
 */
public final class PrivateDirectory {
    private PrivateDirectory() {}

    public static final Set<PosixFilePermission> OWNER_ONLY =
            PosixFilePermissions.fromString("rwx------");

    /**
     * Creates {@code dir} with mode 700 when it does not exist (its parent must), then checks it.
     *
     * @return null when it is this user's alone, else why not, in one line
     */
    public static String make(Path dir) {
        try {
            createIfMissing(dir);
            return refusal(dir, System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot use " + dir + ": " + e.getMessage();
        }
    }

    /** Creates {@code dir} with mode 700 unless something exists there already. */
    public static void createIfMissing(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (FileAlreadyExistsException raced) {
                // made at the same moment by another JVM (or user): checked next
            }
        }
    }

    /**
     * Why {@code dir} is not {@code user}'s alone, in one line; null when it is: a directory, not a
     * symbolic link, owned by {@code user}, mode 700.
     */
    public static String refusal(Path dir, String user) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            return dir + " is a symbolic link";
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return dir + " is not a directory";
        }
        String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
        if (!owner.equals(user)) {
            return dir + " is owned by " + owner + ", not " + user;
        }
        Set<PosixFilePermission> mode =
                Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (!mode.equals(OWNER_ONLY)) {
            return dir
                    + " has mode "
                    + octal(mode)
                    + ", not 700 (only its owner may enter it: chmod 700 "
                    + dir
                    + ")";
        }
        return null;
    }

    private static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return Integer.toOctalString(bits);
    }
}
