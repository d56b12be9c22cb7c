package io.codedyarn.am.yarn.master;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class StatusPageTest {
    @Test
    void servesTheCurrentStatusOnEveryRequest() throws Exception {
        AtomicInteger iteration = new AtomicInteger(3);
        try (StatusPage page =
                new StatusPage(() -> "iteration " + iteration.get() + "\n", LivePageTest.idle())) {
            assertThat(get(page.port(), "/status.txt")).isEqualTo("iteration 3\n");
            iteration.set(4);
            assertThat(get(page.port(), "/status.txt")).isEqualTo("iteration 4\n");
        }
    }

    static String get(int port, String path) throws Exception {
        HttpURLConnection c =
                (HttpURLConnection) new URL("http://127.0.0.1:" + port + path).openConnection();
        try {
            assertThat(c.getResponseCode()).isEqualTo(200);
            return new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            c.disconnect();
        }
    }

    /** As AmIpFilter: only the RM's proxy reads the page; anyone else is sent through it. */
    @Test
    void onlyTheProxyReadsThePageOthersAreRedirectedToIt() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("yarn.resourcemanager.webapp.address", "192.0.2.1:8088"); // not this host
        ProxyHosts elsewhere = ProxyHosts.of(conf);
        assertThat(elsewhere.base()).isEqualTo("http://192.0.2.1:8088");
        try (StatusPage page =
                new StatusPage(
                        () -> "status\n",
                        LivePageTest.idle(),
                        new InetSocketAddress("127.0.0.1", 0),
                        elsewhere,
                        "/proxy/application_1_0001/")) {
            HttpURLConnection c =
                    (HttpURLConnection)
                            new URL("http://127.0.0.1:" + page.port() + "/").openConnection();
            c.setInstanceFollowRedirects(false);
            assertThat(c.getResponseCode()).isEqualTo(303);
            assertThat(c.getHeaderField("Location"))
                    .isEqualTo("http://192.0.2.1:8088/proxy/application_1_0001/");
            c.disconnect();
            // a resource of the page, with its query, through the proxy too
            c =
                    (HttpURLConnection)
                            new URL("http://127.0.0.1:" + page.port() + "/data.json?since=3")
                                    .openConnection();
            c.setInstanceFollowRedirects(false);
            assertThat(c.getResponseCode()).isEqualTo(303);
            assertThat(c.getHeaderField("Location"))
                    .isEqualTo("http://192.0.2.1:8088/proxy/application_1_0001/data.json?since=3");
            c.disconnect();
        }
        conf.set("yarn.resourcemanager.webapp.address", "0.0.0.0:8088");
        conf.set("yarn.resourcemanager.hostname", "127.0.0.1"); // the proxy runs here
        try (StatusPage page =
                new StatusPage(
                        () -> "status\n",
                        LivePageTest.idle(),
                        new InetSocketAddress("127.0.0.1", 0),
                        ProxyHosts.of(conf),
                        "/proxy/application_1_0001/")) {
            assertThat(get(page.port(), "/status.txt")).isEqualTo("status\n");
        }
    }

    @Test
    void aStandaloneProxyAndHaResourceManagersAreTheProxies() {
        Configuration conf = new Configuration(false);
        conf.set("yarn.resourcemanager.ha.enabled", "true");
        conf.set("yarn.resourcemanager.ha.rm-ids", "rm1,rm2");
        conf.set("yarn.resourcemanager.webapp.address.rm1", "127.0.0.1:8088");
        conf.set("yarn.resourcemanager.webapp.address.rm2", "192.0.2.2:8088");
        ProxyHosts ha = ProxyHosts.of(conf);
        assertThat(ha.addresses()).hasSize(2);
        assertThat(ha.base()).isEqualTo("http://127.0.0.1:8088");
        conf.set("yarn.web-proxy.address", "192.0.2.3:9046");
        ProxyHosts standalone = ProxyHosts.of(conf);
        assertThat(standalone.base()).isEqualTo("http://192.0.2.3:9046");
        assertThat(standalone.addresses()).hasSize(1);
    }
}
