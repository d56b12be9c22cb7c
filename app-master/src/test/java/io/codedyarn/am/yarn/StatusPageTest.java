package io.codedyarn.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StatusPageTest {
    @Test
    void servesTheCurrentStatusOnEveryRequest() throws Exception {
        AtomicInteger iteration = new AtomicInteger(3);
        try (StatusPage page = new StatusPage(() -> "iteration " + iteration.get() + "\n")) {
            assertThat(get(page.port(), "/")).isEqualTo("iteration 3\n");
            iteration.set(4);
            assertThat(get(page.port(), "/anything")).isEqualTo("iteration 4\n");
        }
    }

    private static String get(int port, String path) throws Exception {
        HttpURLConnection c =
                (HttpURLConnection) new URL("http://127.0.0.1:" + port + path).openConnection();
        try {
            assertThat(c.getResponseCode()).isEqualTo(200);
            return new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            c.disconnect();
        }
    }
}
