package io.codedyarn.am.config;

import java.util.Collection;

/** The closest of some names to a mistyped one, by edit distance: "did you mean". */
public final class Nearest {
    private Nearest() {}

    /**
     * The candidate nearest to {@code word}, or null when none is within a third of the word's
     * length (at least 2 edits): a word unlike every candidate suggests nothing. Ties: the first.
     */
    public static String closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word, c);
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return bestDistance <= Math.max(2, word.length() / 3) ? best : null;
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character each. */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
