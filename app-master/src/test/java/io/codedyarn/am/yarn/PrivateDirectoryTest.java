package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data sharing archives' directory is used only when it is this user's alone (owner, mode
 * 700, no link), checked alike by Java and by {@code bin/coded-yarn}; otherwise one line says why
 * and no archive is used or written there.
 */
class PrivateDirectoryTest {
    private static final String ME = System.getProperty("user.name");

    @TempDir Path tmp;

    @Test
    void aMissingDirectoryIsMadeOwnerOnly() throws Exception {
        Path d = tmp.resolve("cds");
        assertThat(PrivateDirectory.make(d)).isNull();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(d)))
                .isEqualTo("rwx------");
    }

    @Test
    void anotherModeAnotherOwnerOrALinkIsRefused() throws Exception {
        Path open = mode(Files.createDirectory(tmp.resolve("open")), "rwxr-xr-x");
        assertThat(PrivateDirectory.make(open))
                .isEqualTo(
                        open
                                + " has mode 755, not 700 (only its owner may enter it: chmod 700 "
                                + open
                                + ")");
        Path mine = mode(Files.createDirectory(tmp.resolve("mine")), "rwx------");
        assertThat(PrivateDirectory.refusal(mine, "someone-else"))
                .isEqualTo(mine + " is owned by " + ME + ", not someone-else");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), mine);
        assertThat(PrivateDirectory.make(link)).isEqualTo(link + " is a symbolic link");
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThat(PrivateDirectory.make(file)).isEqualTo(file + " is not a directory");
    }

    @Test
    void aDirectoryOfAnotherUserIsRefused() throws Exception {
        assumeTrue(ME.equals("root"), "only root can give a directory to another user");
        Path theirs = mode(Files.createDirectory(tmp.resolve("theirs")), "rwx------");
        UserPrincipal nobody =
                theirs.getFileSystem()
                        .getUserPrincipalLookupService()
                        .lookupPrincipalByName("nobody");
        Files.setOwner(theirs, nobody);
        assertThat(PrivateDirectory.make(theirs))
                .isEqualTo(theirs + " is owned by nobody, not root");
        assertThat(ClassDataSharing.directory(theirs)).isNull();
    }

    @Test
    void noArchiveDirectoryUnderAnOpenParent() throws Exception {
        Path open = mode(Files.createDirectory(tmp.resolve("open")), "rwxr-xr-x");
        assertThat(ClassDataSharing.directory(open)).isNull();
        try (var entries = Files.list(open)) {
            assertThat(entries).isEmpty();
        }
        // nor is a recorded class list dumped into an archive there
        Path dir = Files.createDirectory(open.resolve("key"));
        Files.writeString(dir.resolve("am.t.lst"), "java/lang/Object\n");
        ClassDataSharing.dumpMissing(dir, "/bin/false");
        assertThat(dir.resolve("am.failed")).doesNotExist(); // no dump was tried
        assertThat(dir.resolve("am.jsa")).doesNotExist();
    }

    /** bin/coded-yarn's own check (its function cds_refusal, run by bash) says the same. */
    @Test
    void theScriptRefusesTheSameDirectories() throws Exception {
        Path open = mode(Files.createDirectory(tmp.resolve("open")), "rwxr-xr-x");
        assertThat(script(open))
                .isEqualTo(
                        open
                                + " has mode 755, not 700 (only its owner may enter it: chmod 700 "
                                + open
                                + ")");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), open);
        assertThat(script(link)).isEqualTo(link + " is a symbolic link");
        Path fresh = tmp.resolve("fresh");
        assertThat(script(fresh)).isEmpty();
        assertThat(PrivateDirectory.make(fresh)).isNull(); // made 700 by the script
        if (ME.equals("root")) {
            Path theirs = mode(Files.createDirectory(tmp.resolve("theirs")), "rwx------");
            Files.setOwner(
                    theirs,
                    theirs.getFileSystem()
                            .getUserPrincipalLookupService()
                            .lookupPrincipalByName("nobody"));
            assertThat(script(theirs)).isEqualTo(theirs + " is owned by nobody, not root");
        }
    }

    private static Path mode(Path p, String mode) throws Exception {
        return Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    }

    /** Runs {@code cds_refusal DIR} as defined in bin/coded-yarn. */
    private static String script(Path dir) throws Exception {
        String text =
                Files.readString(
                        Path.of("..", "bin", "coded-yarn").toAbsolutePath().normalize(),
                        StandardCharsets.UTF_8);
        int start = text.indexOf("cds_refusal() {");
        int end = text.indexOf("\n}\n", start);
        assertThat(start).as("cds_refusal in bin/coded-yarn").isNotNegative();
        String function = text.substring(start, end + 3);
        Process p =
                new ProcessBuilder(
                                "bash",
                                "-c",
                                function + "cds_refusal \"$1\"",
                                "bash",
                                dir.toString())
                        .redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.strip();
    }
}
