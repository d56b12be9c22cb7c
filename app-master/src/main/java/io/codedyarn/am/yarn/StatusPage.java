package io.codedyarn.am.yarn;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The application's tracking URL: a minimal JDK HTTP server answering every GET with one plain-text
 * status (iteration, objective, workers, ...) from {@code status}, which must be safe to call from
 * the server's thread.
 */
final class StatusPage implements AutoCloseable {
    private final HttpServer server;

    StatusPage(Supplier<String> status) throws IOException {
        server = HttpServer.create(new InetSocketAddress(0), 0);
        server.createContext(
                "/",
                exchange -> {
                    byte[] body = status.get().getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream o = exchange.getResponseBody()) {
                        o.write(body);
                    }
                });
        server.setExecutor(
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "status-page");
                            t.setDaemon(true);
                            return t;
                        }));
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
