package io.codedyarn.placement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grammar shared by {@code --latency} and {@code --straggle}: parts joined with {@code +}, each
 * {@code name[:key=value,...]}. Names and keys are checked by the spec that uses them; this only
 * splits, and refuses a pair without {@code =} naming the flag, the pair and its part.
 */
public final class SpecParts {
    /** One part: its name and its arguments in the order given. */
    public record Part(String name, Map<String, String> args) {
        public Part {
            args = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(args));
        }
    }

    private SpecParts() {}

    /**
     * @throws InvalidParametersException on {@code flag} for a {@code key=value} pair without
     *     {@code =} or with an empty key
     */
    public static List<Part> split(String text, String flag) {
        List<Part> parts = new ArrayList<>();
        for (String piece : text.trim().split("\\+")) {
            int colon = piece.indexOf(':');
            String name = (colon < 0 ? piece : piece.substring(0, colon)).trim();
            Map<String, String> args = new LinkedHashMap<>();
            if (colon >= 0 && !piece.substring(colon + 1).isBlank()) {
                for (String kv : piece.substring(colon + 1).split(",")) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw new InvalidParametersException(
                                flag, "'" + kv.trim() + "' in '" + piece + "' is not key=value");
                    }
                    args.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
                }
            }
            parts.add(new Part(name, args));
        }
        return List.copyOf(parts);
    }
}
