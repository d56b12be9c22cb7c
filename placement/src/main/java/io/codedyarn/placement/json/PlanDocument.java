package io.codedyarn.placement.json;

import io.codedyarn.placement.Codeword;
import io.codedyarn.placement.FamilySettings;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a plan ({@code plan --json}); field names are stable: scripts and the AM read
 * them. Also what {@code data prepare} will write beside the data.
 */
public record PlanDocument(
        String scheme,
        int workers,
        int partitions,
        int stragglers,
        long seed,
        Map<String, String> parameters,
        List<int[]> stored,
        double[] load,
        int[] assignment,
        List<CodewordDocument> codewords,
        int[] group,
        int[] batch,
        int[] subpartitions,
        int[] copies,
        Map<String, Double> diagnostics,
        VerifyDocument verify) {

    public record CodewordDocument(int[] partitions, double[] coefficients) {}

    public record VerifyDocument(
            boolean passed,
            long patternsChecked,
            boolean exhaustive,
            double promisedSets,
            double maxRelativeError,
            double worstCondition,
            long unpromisedChecked,
            long unpromisedDecoded,
            List<String> failures) {}

    /**
     * The plan's family settings, read back from {@link #parameters} and the per-worker arrays (the
     * inverse of what {@link #of} writes).
     *
     * @param source names the document in errors, such as the {@code plan.json} it was read from
     * @throws IllegalArgumentException naming {@code source} and the key of a value that is missing
     *     or does not parse
     */
    public FamilySettings family(String source) {
        return FamilyReader.read(parameters, group, batch, subpartitions, source);
    }

    public static PlanDocument of(Plan plan, VerifyReport report) {
        int n = plan.workers();
        List<int[]> stored = new ArrayList<>();
        int[] assignment = new int[n];
        int[] group = new int[n];
        int[] batch = new int[n];
        int[] sub = new int[n];
        for (int i = 0; i < n; i++) {
            stored.add(plan.stored(i));
            assignment[i] = plan.assignment(i);
            group[i] = plan.family().group(i);
            batch[i] = plan.family().batch(i);
            sub[i] = plan.family().subpartitions(i);
        }
        List<CodewordDocument> cws = new ArrayList<>();
        for (Codeword c : plan.codewords()) {
            cws.add(new CodewordDocument(c.partitions(), c.coefficients()));
        }
        int[] copies = new int[plan.partitions()];
        for (int j = 0; j < copies.length; j++) {
            copies[j] = plan.copies(j);
        }
        VerifyDocument v =
                report == null
                        ? null
                        : new VerifyDocument(
                                report.passed(),
                                report.patternsChecked(),
                                report.exhaustive(),
                                report.promisedSets(),
                                report.maxRelativeError(),
                                report.worstCondition(),
                                report.unpromisedChecked(),
                                report.unpromisedDecoded(),
                                report.failures());
        return new PlanDocument(
                plan.scheme(),
                n,
                plan.partitions(),
                plan.stragglers(),
                plan.seed(),
                plan.parameters(),
                stored,
                plan.loads(),
                assignment,
                cws,
                group,
                batch,
                sub,
                copies,
                plan.diagnostics(),
                v);
    }
}
