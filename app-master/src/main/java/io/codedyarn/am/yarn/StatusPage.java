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
 * the server's thread. It listens on the AM's host only and, like Hadoop's {@code AmIpFilter},
 * answers only the ResourceManager's web proxy ({@link ProxyHosts}): any other client gets a 303 to
 * the same page through the proxy, which applies the cluster's authentication and ACLs.
 */
final class StatusPage implements AutoCloseable {
    private final HttpServer server;

    /** A page for everyone, on every interface (tests). */
    StatusPage(Supplier<String> status) throws IOException {
        this(status, new InetSocketAddress(0), null, "");
    }

    /**
     * @param proxies who may read it directly; null: anyone
     * @param proxyPath the page's path on the proxy ({@code /proxy/<application id>/})
     */
    StatusPage(
            Supplier<String> status, InetSocketAddress bind, ProxyHosts proxies, String proxyPath)
            throws IOException {
        server = HttpServer.create(bind, 0);
        server.createContext(
                "/",
                exchange -> {
                    if (proxies != null
                            && !proxies.allows(exchange.getRemoteAddress().getAddress())) {
                        exchange.getResponseHeaders().set("Location", proxies.base() + proxyPath);
                        exchange.sendResponseHeaders(303, -1);
                        exchange.close();
                        return;
                    }
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
