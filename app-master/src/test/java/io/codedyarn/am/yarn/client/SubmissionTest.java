package io.codedyarn.am.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnSettings;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.util.Records;
import org.junit.jupiter.api.Test;

/**
 * What {@code train} and {@code predict} both put on their submission context from the keys ({@link
 * Submission#place}): the ApplicationMaster's resource and node label, queue, attempts, priority
 * and tags. The cluster side of it (the AM landing on its label) is {@link NodeLabelsIT}.
 */
class SubmissionTest {
    private static YarnSettings settings(Map<String, String> keys) {
        return CodedYarnConfig.parse(keys::get).yarn();
    }

    @Test
    void theKeysReachTheSubmissionContext() {
        ApplicationSubmissionContext ctx = Records.newRecord(ApplicationSubmissionContext.class);
        Submission.place(
                ctx,
                settings(
                        Map.of(
                                "coded-yarn.am.memory-mb", "512",
                                "coded-yarn.am.vcores", "2",
                                "coded-yarn.am.node-label-expression", "am",
                                "coded-yarn.queue", "ml",
                                "coded-yarn.priority", "7",
                                "coded-yarn.tags", "nightly, team-a",
                                "coded-yarn.am.attempt-failures-validity-interval-ms", "60000")),
                "coded-yarn predict",
                1);
        assertThat(ctx.getApplicationName()).isEqualTo("coded-yarn predict");
        assertThat(ctx.getApplicationType()).isEqualTo("CODED-YARN");
        assertThat(ctx.getResource().getMemorySize()).isEqualTo(512);
        assertThat(ctx.getResource().getVirtualCores()).isEqualTo(2);
        assertThat(ctx.getQueue()).isEqualTo("ml");
        assertThat(ctx.getMaxAppAttempts()).isEqualTo(1);
        assertThat(ctx.getAttemptFailuresValidityInterval()).isEqualTo(60_000);
        assertThat(ctx.getPriority().getPriority()).isEqualTo(7);
        assertThat(ctx.getApplicationTags()).isEqualTo(Set.of("nightly", "team-a"));
        assertThat(ctx.getAMContainerResourceRequests()).hasSize(1);
        ResourceRequest am = ctx.getAMContainerResourceRequests().get(0);
        assertThat(am.getNodeLabelExpression()).isEqualTo("am");
        assertThat(am.getResourceName()).isEqualTo(ResourceRequest.ANY);
        assertThat(am.getCapability()).isEqualTo(ctx.getResource());
    }

    @Test
    void withoutTheKeysNothingButTheDefaultsIsSet() {
        ApplicationSubmissionContext ctx = Records.newRecord(ApplicationSubmissionContext.class);
        Submission.place(ctx, settings(Map.of()), "coded-yarn lr cyclic", 2);
        assertThat(ctx.getQueue()).isEqualTo("default");
        assertThat(ctx.getMaxAppAttempts()).isEqualTo(2);
        assertThat(ctx.getAMContainerResourceRequests()).as("no label: no AM request").isNull();
        assertThat(ctx.getApplicationTags()).isEmpty();
        assertThat(ctx.getPriority()).as("the queue's default priority").isNull();
    }
}
