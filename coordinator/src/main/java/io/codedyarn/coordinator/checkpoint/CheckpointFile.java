package io.codedyarn.coordinator.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The checkpoint file format, version {@value #FORMAT}:
 *
 * <pre>
 *   coded-yarn checkpoint\n                       magic line
 *   {"format":2,"identity":{...},"iteration":k,"elapsedNanos":..,"rounds":..,"bodyBytes":B}\n
 *   B bytes: the body, JSON (the coordinator's state)
 *   \ncrc32c XXXXXXXX\n                           CRC32C of every byte before this line, hex
 * </pre>
 *
 * The header is one JSON line a person can read ({@code head -2 checkpoint.ckpt}). The body is JSON
 * too: Jackson writes a double as its shortest round-trip decimal, so every double comes back bit
 * for bit, and the optimiser states are the records the coordinator already checkpoints with a
 * plain {@link ObjectMapper} (NaN as {@code "NaN"}). A binary body would be about 2.5× smaller (8
 * bytes a double instead of ~20); a typical run's checkpoint is tens of KB, so readability won.
 * Reading checks, in order: the magic line, the format version, the header, the body's length
 * (truncation), the checksum (corruption), then the body; each failure names the file and the
 * field.
 */
public final class CheckpointFile {
    /**
     * 2: the body's {@code run} part keeps the counts of iterations and events with the last of
     * each, not the whole log (a resumed run takes the earlier rows from the files its trace sink
     * streamed); 1 kept the whole log, which grew with every round.
     */
    public static final int FORMAT = 2;

    /** The file name a checkpoint has in a run's directory. */
    public static final String NAME = "checkpoint.ckpt";

    private static final String MAGIC = "coded-yarn checkpoint\n";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CheckpointFile() {}

    /** The mapper the coordinator writes and reads its body with (plain: no modules). */
    public static ObjectMapper json() {
        return JSON;
    }

    /** The file's bytes. */
    public static byte[] encode(Checkpoint c) {
        try {
            byte[] body = JSON.writeValueAsBytes(c.state());
            ObjectNode header = JSON.createObjectNode();
            header.put("format", FORMAT);
            header.set("identity", JSON.valueToTree(c.identity()));
            header.put("iteration", c.iteration());
            header.put("elapsedNanos", c.elapsedNanos());
            header.put("rounds", c.rounds());
            header.put("bodyBytes", body.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 512);
            out.writeBytes(MAGIC.getBytes(StandardCharsets.UTF_8));
            out.writeBytes(JSON.writeValueAsBytes(header));
            out.write('\n');
            out.writeBytes(body);
            CRC32C crc = new CRC32C();
            crc.update(out.toByteArray());
            out.writeBytes(trailer(crc.getValue()).getBytes(StandardCharsets.UTF_8));
            return out.toByteArray();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the checkpoint", e);
        }
    }

    /**
     * Reads a checkpoint's bytes.
     *
     * @param file names the file in errors
     * @throws InvalidCheckpointException naming {@code file} and the field at fault
     */
    public static Checkpoint decode(String file, byte[] bytes) throws InvalidCheckpointException {
        byte[] magic = MAGIC.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < magic.length
                || !Arrays.equals(Arrays.copyOf(bytes, magic.length), magic)) {
            throw new InvalidCheckpointException(
                    file, "magic", "not a coded-yarn checkpoint (no 'coded-yarn checkpoint' line)");
        }
        int headerEnd = indexOf(bytes, (byte) '\n', magic.length);
        if (headerEnd < 0) {
            throw new InvalidCheckpointException(file, "header", "truncated: no end of header");
        }
        JsonNode header;
        try {
            header = JSON.readTree(Arrays.copyOfRange(bytes, magic.length, headerEnd));
        } catch (java.io.IOException e) {
            throw new InvalidCheckpointException(file, "header", "not JSON: " + e.getMessage(), e);
        }
        int format = header.path("format").asInt(-1);
        if (format != FORMAT) {
            throw new InvalidCheckpointException(
                    file,
                    "format",
                    "version "
                            + header.path("format")
                            + ", this build reads version "
                            + FORMAT
                            + (format >= 1 && format < FORMAT
                                    ? " (version 1 kept the whole iteration log; resuming it needs"
                                            + " the build that wrote it)"
                                    : ""));
        }
        long bodyBytes = field(file, header, "bodyBytes").asLong(-1);
        long bodyStart = headerEnd + 1L;
        String tail = trailer(0);
        if (bodyBytes < 0 || bodyStart + bodyBytes + tail.length() != bytes.length) {
            throw new InvalidCheckpointException(
                    file,
                    "bodyBytes",
                    String.format(
                            Locale.ROOT,
                            "truncated or padded: the header announces a body of %d bytes and a"
                                    + " %d-byte checksum line, %d bytes follow the header",
                            bodyBytes,
                            tail.length(),
                            bytes.length - bodyStart));
        }
        int crcAt = (int) (bodyStart + bodyBytes);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, crcAt);
        String expected = trailer(crc.getValue());
        String actual = new String(bytes, crcAt, bytes.length - crcAt, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            throw new InvalidCheckpointException(
                    file,
                    "crc32c",
                    "checksum mismatch (the file is corrupted): stored "
                            + actual.trim()
                            + ", computed "
                            + expected.trim());
        }
        try {
            Checkpoint.Identity identity =
                    JSON.treeToValue(field(file, header, "identity"), Checkpoint.Identity.class);
            JsonNode body = JSON.readTree(Arrays.copyOfRange(bytes, (int) bodyStart, crcAt));
            return new Checkpoint(
                    file,
                    identity,
                    field(file, header, "iteration").asLong(),
                    field(file, header, "elapsedNanos").asLong(),
                    field(file, header, "rounds").asLong(),
                    body);
        } catch (java.io.IOException e) {
            throw new InvalidCheckpointException(file, "body", "unreadable: " + e.getMessage(), e);
        }
    }

    private static JsonNode field(String file, JsonNode header, String name)
            throws InvalidCheckpointException {
        JsonNode n = header.get(name);
        if (n == null || n.isNull()) {
            throw new InvalidCheckpointException(file, name, "missing from the header");
        }
        return n;
    }

    private static String trailer(long crc) {
        return String.format(Locale.ROOT, "\ncrc32c %08x\n", crc);
    }

    private static int indexOf(byte[] b, byte x, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
