package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.yarn.YarnKeys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LocalityPlannerTest {
    private static String fakeDns(String host) {
        return switch (host) {
            case "localhost", "127.0.0.1" -> "127.0.0.1";
            case "n1", "n1.example.org", "10.0.0.1" -> "10.0.0.1";
            case "n2", "10.0.0.2" -> "10.0.0.2";
            default -> host;
        };
    }

    @Test
    void matchesHostsAfterNormalisingNamesAndPicksTheNodeWithMostBytes() {
        LocalityPlanner p =
                new LocalityPlanner(
                        Map.of(),
                        List.of("n1.example.org:8041", "n2:8041"),
                        LocalityPlannerTest::fakeDns);
        assertThat(p.nodeFor(Map.of("10.0.0.1:9866", 10L, "10.0.0.2:9866", 30L)))
                .hasValue("n2:8041");
        assertThat(p.nodeFor(Map.of("10.0.0.1:9866", 30L, "10.0.0.2:9866", 10L)))
                .hasValue("n1.example.org:8041");
        // data only on a host without a NodeManager: no preference
        assertThat(p.nodeFor(Map.of("10.0.0.9:9866", 30L))).isEqualTo(Optional.empty());
    }

    @Test
    void explicitMapSeparatesNodesThatShareAHost() {
        // the embedded cluster: DataNodes 127.0.0.1:p, NodeManagers localhost:q, all one host
        Map<String, String> map =
                YarnKeys.parseNodeMap(
                        YarnKeys.nodeMap(
                                List.of("127.0.0.1:5001", "127.0.0.1:5002"),
                                List.of("localhost:6001", "localhost:6002")));
        LocalityPlanner p =
                new LocalityPlanner(
                        map,
                        List.of("localhost:6001", "localhost:6002"),
                        LocalityPlannerTest::fakeDns);
        assertThat(p.nodeFor(Map.of("127.0.0.1:5002", 1L))).hasValue("localhost:6002");
        assertThat(p.nodeFor(Map.of("127.0.0.1:5001", 1L))).hasValue("localhost:6001");
        // without the map both DataNodes resolve to the first NodeManager on 127.0.0.1
        LocalityPlanner byHost =
                new LocalityPlanner(
                        Map.of(),
                        List.of("localhost:6001", "localhost:6002"),
                        LocalityPlannerTest::fakeDns);
        assertThat(byHost.nodeFor(Map.of("127.0.0.1:5002", 1L))).hasValue("localhost:6001");
    }

    @Test
    void badMapEntryIsNamed() {
        assertThatThrownBy(() -> YarnKeys.parseNodeMap("a=b,c"))
                .hasMessageContaining("'c' is not datanode=nodemanager");
        assertThat(LocalityPlanner.hostOf("h:1")).isEqualTo("h");
        assertThat(LocalityPlanner.hostOf("h")).isEqualTo("h");
    }
}
