package io.codedyarn.am.cli;

import io.codedyarn.placement.Plan;
import io.codedyarn.placement.verify.VerifyReport;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/** The human-readable form of a plan: a header, then one row per worker. */
final class PlanTable {
    private final Plan plan;

    PlanTable(Plan plan) {
        this.plan = plan;
    }

    void print(PrintWriter out) {
        out.printf(
                "scheme %s: %d workers, %d partitions, tolerates %d stragglers, seed %d%n",
                plan.scheme(), plan.workers(), plan.partitions(), plan.stragglers(), plan.seed());
        if (!plan.parameters().isEmpty()) {
            out.println("parameters: " + join(plan.parameters()));
        }
        if (!plan.diagnostics().isEmpty()) {
            out.println(
                    "diagnostics: "
                            + plan.diagnostics().entrySet().stream()
                                    .map(
                                            e ->
                                                    e.getKey()
                                                            + "="
                                                            + String.format("%.4g", e.getValue()))
                                    .collect(Collectors.joining(", ")));
        }
        boolean groups = any(plan.family()::group);
        boolean batches = any(plan.family()::batch);
        boolean subs = any(w -> plan.family().subpartitions(w) > 1 ? 1 : -1);
        StringBuilder header = new StringBuilder(String.format("%-7s %-8s", "worker", "load"));
        if (groups) {
            header.append(String.format(" %-6s", "group"));
        }
        if (batches) {
            header.append(String.format(" %-6s", "batch"));
        }
        if (subs) {
            header.append(String.format(" %-6s", "subp"));
        }
        header.append(" stored -> computes");
        out.println(header);
        for (int i = 0; i < plan.workers(); i++) {
            StringBuilder row = new StringBuilder(String.format("%-7d %-8.4g", i, plan.load(i)));
            if (groups) {
                row.append(String.format(" %-6d", plan.family().group(i)));
            }
            if (batches) {
                row.append(String.format(" %-6d", plan.family().batch(i)));
            }
            if (subs) {
                row.append(String.format(" %-6d", plan.family().subpartitions(i)));
            }
            row.append(' ').append(ranges(plan.stored(i))).append(" -> ");
            int c = plan.assignment(i);
            row.append(c < 0 ? "(nothing)" : "c" + c + " = " + plan.codeword(c));
            out.println(row);
        }
    }

    static void printVerify(VerifyReport r, PrintWriter out) {
        out.printf(
                java.util.Locale.ROOT,
                "verify: %s; %d responder sets decoded and compared (%s %.0f minimal promised sets,"
                        + " plus supersets); max relative error %.3g; worst condition number %.4g;"
                        + " %d sets outside the promise tried, %d of them decoded (correctly)%n",
                r.passed() ? "PASSED" : "FAILED",
                r.patternsChecked(),
                r.exhaustive() ? "all" : "a sample of the",
                r.promisedSets(),
                r.maxRelativeError(),
                r.worstCondition(),
                r.unpromisedChecked(),
                r.unpromisedDecoded());
        for (String f : r.failures()) {
            out.println("  " + f);
        }
    }

    private boolean any(java.util.function.IntUnaryOperator f) {
        for (int i = 0; i < plan.workers(); i++) {
            if (f.applyAsInt(i) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static String join(Map<String, String> m) {
        return m.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** {0,1,2,5,7,8} as "0-2,5,7-8". */
    static String ranges(int[] sorted) {
        if (sorted.length == 0) {
            return "{}";
        }
        int[] a = Arrays.copyOf(sorted, sorted.length);
        StringBuilder sb = new StringBuilder("{");
        int start = a[0];
        int prev = a[0];
        for (int t = 1; t <= a.length; t++) {
            if (t < a.length && a[t] == prev + 1) {
                prev = a[t];
                continue;
            }
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append(start == prev ? String.valueOf(start) : start + "-" + prev);
            if (t < a.length) {
                start = a[t];
                prev = a[t];
            }
        }
        return sb.append('}').toString();
    }
}
