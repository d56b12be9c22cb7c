package io.codedyarn.placement.scheme;

import io.codedyarn.placement.Plan;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * Group views of a plan, for lazy (per-group) methods: the members of a group ({@link
 * io.codedyarn.placement.FamilySettings#group(int)}) and the partitions the group owns (the union
 * of its members' stored ones).
 */
public final class PlanGroups {
    private PlanGroups() {}

    /** Number of groups: 1 + the largest group index (0 when the plan has none). */
    public static int count(Plan plan) {
        int max = -1;
        for (int i = 0; i < plan.workers(); i++) {
            max = Math.max(max, plan.family().group(i));
        }
        return max + 1;
    }

    /** The workers of group {@code g}, ascending. */
    public static int[] members(Plan plan, int g) {
        int[] out = new int[plan.workers()];
        int n = 0;
        for (int i = 0; i < plan.workers(); i++) {
            if (plan.family().group(i) == g) {
                out[n++] = i;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The partitions stored by the members of group {@code g}, ascending. */
    public static int[] partitions(Plan plan, int g) {
        TreeSet<Integer> parts = new TreeSet<>();
        for (int w : members(plan, g)) {
            for (int j : plan.stored(w)) {
                parts.add(j);
            }
        }
        return parts.stream().mapToInt(Integer::intValue).toArray();
    }
}
