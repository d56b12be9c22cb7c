package io.codedyarn.am.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Finds the {@code coded-yarn.*} keys of a configuration that no code reads: a typo ({@code
 * coded-yarn.wroker.memory-mb}) would otherwise be accepted silently and the default used. Each is
 * named with where it was set and the closest known key.
 */
public final class KeyCheck {
    private KeyCheck() {}

    static final String PREFIX = "coded-yarn.";

    /**
     * One line per unknown key, in key order: {@code unknown configuration key K (from WHERE); did
     * you mean KNOWN?}. Empty when every key is known.
     *
     * @param names the keys a configuration sets (any prefix: only {@code coded-yarn.*} are
     *     checked)
     * @param internal keys the client, the AM and the workers pass among themselves
     * @param source where a key was set ({@code -D}, a file)
     */
    public static List<String> unknownKeys(
            Iterable<String> names, Collection<String> internal, Function<String, String> source) {
        Set<String> known = new TreeSet<>(internal);
        for (ConfigKey<?> k : Keys.all()) {
            known.add(k.name());
        }
        Set<String> unknown = new TreeSet<>();
        for (String name : names) {
            if (name.startsWith(PREFIX) && !known.contains(name)) {
                unknown.add(name);
            }
        }
        List<String> lines = new ArrayList<>();
        for (String key : unknown) {
            String closest = closest(key);
            lines.add(
                    "unknown configuration key "
                            + key
                            + " (from "
                            + source.apply(key)
                            + ")"
                            + (closest == null ? "" : "; did you mean " + closest + "?"));
        }
        return lines;
    }

    /**
     * The documented key nearest to {@code key} by edit distance after the common prefix ({@link
     * Nearest}), or null: "coded-yarn.foo" suggests nothing.
     */
    static String closest(String key) {
        String tail = key.startsWith(PREFIX) ? key.substring(PREFIX.length()) : key;
        Map<String, String> byTail = new LinkedHashMap<>();
        for (ConfigKey<?> k : Keys.all()) {
            byTail.put(k.name().substring(PREFIX.length()), k.name());
        }
        String near = Nearest.closest(tail, byTail.keySet());
        return near == null ? null : byTail.get(near);
    }
}
