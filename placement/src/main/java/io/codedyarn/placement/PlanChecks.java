package io.codedyarn.placement;

import java.util.Arrays;
import java.util.List;

/**
 * The invariants every {@link Plan} holds, checked once when it is built: partitions in range and
 * each stored at least once (unless the scheme allows gaps), every codeword a worker computes or
 * sends made of partitions it stores, finite non-negative loads, a promise over the plan's
 * codewords, and family settings that cover every worker.
 */
final class PlanChecks {
    private PlanChecks() {}

    /**
     * @throws IllegalStateException naming the scheme and the first broken invariant
     */
    static void check(
            String scheme,
            int workers,
            int partitions,
            int[][] stored,
            List<Codeword> codewords,
            int[] assignment,
            int[][] extraSends,
            double[] load,
            ResponderPromise promise,
            FamilySettings family,
            boolean unstoredAllowed) {
        if (workers <= 0) {
            throw new IllegalStateException(scheme + ": workers must be positive, got " + workers);
        }
        if (partitions <= 0) {
            throw new IllegalStateException(
                    scheme + ": partitions must be positive, got " + partitions);
        }
        int[] holders = new int[partitions];
        for (int i = 0; i < workers; i++) {
            for (int t = 0; t < stored[i].length; t++) {
                int j = stored[i][t];
                if (j < 0 || j >= partitions) {
                    throw new IllegalStateException(
                            scheme
                                    + ": worker "
                                    + i
                                    + " stores partition "
                                    + j
                                    + " outside [0, "
                                    + partitions
                                    + ")");
                }
                if (t > 0 && stored[i][t - 1] == j) {
                    throw new IllegalStateException(
                            scheme + ": worker " + i + " stores partition " + j + " twice");
                }
                holders[j]++;
            }
        }
        for (int j = 0; j < partitions; j++) {
            if (holders[j] == 0 && !unstoredAllowed) {
                throw new IllegalStateException(
                        scheme + ": partition " + j + " is stored by no worker");
            }
        }
        for (int c = 0; c < codewords.size(); c++) {
            for (int t = 0; t < codewords.get(c).size(); t++) {
                int j = codewords.get(c).partition(t);
                if (j < 0 || j >= partitions) {
                    throw new IllegalStateException(
                            scheme
                                    + ": codeword "
                                    + c
                                    + " uses partition "
                                    + j
                                    + " outside [0, "
                                    + partitions
                                    + ")");
                }
            }
        }
        for (int i = 0; i < workers; i++) {
            int c = assignment[i];
            if (c < -1 || c >= codewords.size()) {
                throw new IllegalStateException(
                        scheme
                                + ": worker "
                                + i
                                + " assigned to codeword "
                                + c
                                + " of "
                                + codewords.size());
            }
            if (c >= 0) {
                for (int j : codewords.get(c).partitions()) {
                    if (Arrays.binarySearch(stored[i], j) < 0) {
                        throw new IllegalStateException(
                                scheme
                                        + ": worker "
                                        + i
                                        + " computes codeword "
                                        + c
                                        + " but does not store partition "
                                        + j);
                    }
                }
            }
            for (int extra : extraSends[i]) {
                if (c < 0 || extra < 0 || extra >= codewords.size()) {
                    throw new IllegalStateException(
                            scheme
                                    + ": worker "
                                    + i
                                    + " also sends codeword "
                                    + extra
                                    + " (needs an assignment and an index below "
                                    + codewords.size()
                                    + ")");
                }
                for (int j : codewords.get(extra).partitions()) {
                    if (Arrays.binarySearch(stored[i], j) < 0) {
                        throw new IllegalStateException(
                                scheme
                                        + ": worker "
                                        + i
                                        + " sends codeword "
                                        + extra
                                        + " but does not store partition "
                                        + j);
                    }
                }
            }
            if (!(load[i] >= 0) || Double.isInfinite(load[i])) {
                throw new IllegalStateException(scheme + ": worker " + i + " has load " + load[i]);
            }
        }
        if (promise.codewords() != codewords.size()) {
            throw new IllegalStateException(
                    scheme
                            + ": promise is over "
                            + promise.codewords()
                            + " codewords, plan has "
                            + codewords.size());
        }
        if (!family.fits(workers)) {
            throw new IllegalStateException(
                    scheme
                            + ": "
                            + family.getClass().getSimpleName()
                            + " settings do not cover the "
                            + workers
                            + " workers");
        }
    }
}
