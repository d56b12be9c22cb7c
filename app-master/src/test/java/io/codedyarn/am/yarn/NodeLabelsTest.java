package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.config.CodedYarnConfig;
import io.codedyarn.am.config.YarnJobKeys;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

class NodeLabelsTest {
    private static NodeReport node(String host, int port, Set<String> labels) {
        return NodeReport.newInstance(
                NodeId.newInstance(host, port),
                NodeState.RUNNING,
                host + ":8042",
                "/default-rack",
                Resource.newInstance(0, 0),
                Resource.newInstance(4096, 4),
                0,
                "",
                0L,
                labels,
                null,
                null);
    }

    private final List<NodeReport> nodes =
            List.of(
                    node("b", 2, Set.of("gpu")),
                    node("a", 1, Set.of()),
                    node("c", 3, Set.of("gpu")),
                    node("d", 4, null));

    @Test
    void aLabelKeepsOnlyTheNodesCarryingItAndNoLabelKeepsAll() {
        assertThat(NodeLabels.carrying(nodes, "gpu", YarnJobKeys.WORKER_NODE_LABEL))
                .extracting(r -> r.getNodeId().getHost())
                .containsExactly("b", "c");
        assertThat(NodeLabels.carrying(nodes, "", YarnJobKeys.WORKER_NODE_LABEL)).isEqualTo(nodes);
    }

    @Test
    void aLabelNoNodeCarriesNamesTheKeyTheLabelAndEveryNodesLabels() {
        assertThatThrownBy(() -> NodeLabels.carrying(nodes, "fpga", YarnJobKeys.AM_NODE_LABEL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "coded-yarn.am.node-label-expression = fpga: no running NodeManager has"
                                + " node label 'fpga' (running NodeManagers and their labels: a:1"
                                + " (no label), b:2 [gpu], c:3 [gpu], d:4 (no label))");
        assertThatThrownBy(
                        () -> NodeLabels.carrying(List.of(), "gpu", YarnJobKeys.WORKER_NODE_LABEL))
                .hasMessageEndingWith("(running NodeManagers and their labels: none)");
    }

    @Test
    void theKeysTakeOneLabelAndRefuseExpressionsNamingTheKey() {
        assertThat(
                        CodedYarnConfig.parse(
                                        Map.of(
                                                        "coded-yarn.am.node-label-expression",
                                                        " am ",
                                                        "coded-yarn.worker.node-label-expression",
                                                        "gpu_2-x")
                                                ::get)
                                .yarn())
                .satisfies(
                        s -> {
                            assertThat(s.amNodeLabel()).isEqualTo("am");
                            assertThat(s.workerNodeLabel()).isEqualTo("gpu_2-x");
                        });
        assertThat(CodedYarnConfig.defaults().yarn().workerNodeLabel()).isEmpty();
        for (String bad : List.of("gpu&&ssd", "gpu||ssd", "-gpu", "a b", "x".repeat(256))) {
            assertThatThrownBy(
                            () ->
                                    CodedYarnConfig.parse(
                                            Map.of("coded-yarn.worker.node-label-expression", bad)
                                                    ::get))
                    .as(bad)
                    .hasMessageContaining("coded-yarn.worker.node-label-expression = '" + bad)
                    .hasMessageContaining("must be one node label");
        }
    }
}
