package io.codedyarn.am.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.codedyarn.am.cli.common.PlanFlags;
import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.placement.Plan;
import io.codedyarn.placement.Scheme;
import io.codedyarn.placement.SchemeParams;
import io.codedyarn.placement.Seeds;
import io.codedyarn.placement.json.PlanDocument;
import io.codedyarn.placement.scheme.Schemes;
import io.codedyarn.placement.verify.PlanVerifier;
import io.codedyarn.placement.verify.VerifyReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coded-yarn plan}: show (and with --verify, check) the placement a scheme computes. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description = {
            "Compute a placement plan and print it as a table (or JSON).",
            "--verify encodes random partial gradients, decodes every promised responder set",
            "(exhaustively up to coded-yarn.verify.exhaustive-limit sets, else random + adversarial)",
            "and compares with the exact sum; exit 1 if any fails or errs by more than 1e-9."
        })
final class PlanCommand implements Callable<Integer> {
    private final CodedYarnConfig config;

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--scheme",
            required = true,
            paramLabel = "NAME",
            description = "placement scheme: ${COMPLETION-CANDIDATES}",
            completionCandidates = SchemeNames.class)
    String scheme;

    @Mixin PlanFlags flags;

    @Option(names = "--verify", description = "check decodability of every promised responder set")
    boolean verify;

    @Option(names = "--json", description = "print JSON instead of a table")
    boolean json;

    PlanCommand(CodedYarnConfig config) {
        this.config = config;
    }

    @Override
    public Integer call() throws Exception {
        Scheme s = Schemes.byName(scheme);
        SchemeParams params = flags.toParams(config.defaultSeed());
        Plan plan = s.place(params, Seeds.generator(params.seed()));
        VerifyReport report = null;
        if (verify) {
            PlanVerifier verifier =
                    new PlanVerifier(
                            config.verifyTolerance(),
                            config.verifyExhaustiveLimit(),
                            config.verifyRandomSamples());
            // The verifier's draws come from their own stream, so the plan itself does not change
            // with --verify.
            report = verifier.verify(plan, Seeds.generator(params.seed() ^ 0x5DEECE66DL));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            out.println(mapper.writeValueAsString(PlanDocument.of(plan, report)));
        } else {
            new PlanTable(plan).print(out);
            if (report != null) {
                PlanTable.printVerify(report, out);
            }
        }
        out.flush();
        return report == null || report.passed() ? 0 : CodedYarn.EXIT_CHECK_FAILED;
    }

    /** Scheme names for --help. */
    static final class SchemeNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Schemes.names().iterator();
        }
    }
}
