package io.codedyarn.am.yarn.master;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.codedyarn.am.report.LiveData;
import io.codedyarn.am.report.PageTemplate;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The application's tracking URL: a minimal JDK HTTP server on one thread. {@code /} is the live
 * page ({@link PageTemplate#live}: charts of the run, redrawn as {@code data.json?since=N} brings
 * what is new, {@link LiveData}), which loads the charting library and its script from here (the
 * job jar: no CDN, clusters are often offline); {@code /status.txt} is one plain-text status
 * (iteration, objective, workers, ...) from {@code status}. Both suppliers must be safe to call
 * from the server's thread. It listens on the AM's host only and, like Hadoop's {@code AmIpFilter},
 * answers only the ResourceManager's web proxy ({@link ProxyHosts}): any other client gets a 303 to
 * the same page through the proxy, which applies the cluster's authentication and ACLs.
 */
final class StatusPage implements AutoCloseable {
    private static final String HTML = "text/html; charset=utf-8";
    private static final String JS = "text/javascript; charset=utf-8";
    private static final String TEXT = "text/plain; charset=utf-8";

    private final HttpServer server;
    private final Supplier<String> status;
    private final LiveData live;
    private volatile byte[] library; // 1 MB, read from the jar on the first request

    /** A page for everyone, on every interface (tests). */
    StatusPage(Supplier<String> status, LiveData live) throws IOException {
        this(status, live, new InetSocketAddress(0), null, "");
    }

    /**
     * @param proxies who may read it directly; null: anyone
     * @param proxyPath the page's path on the proxy ({@code /proxy/<application id>/})
     */
    StatusPage(
            Supplier<String> status,
            LiveData live,
            InetSocketAddress bind,
            ProxyHosts proxies,
            String proxyPath)
            throws IOException {
        this.status = status;
        this.live = live;
        server = HttpServer.create(bind, 0);
        server.createContext(
                "/",
                exchange -> {
                    try (exchange) {
                        if (proxies != null
                                && !proxies.allows(exchange.getRemoteAddress().getAddress())) {
                            String raw = exchange.getRequestURI().getRawPath();
                            String query = exchange.getRequestURI().getRawQuery();
                            exchange.getResponseHeaders()
                                    .set(
                                            "Location",
                                            proxies.base()
                                                    + proxyPath
                                                    + raw.substring(1)
                                                    + (query == null ? "" : "?" + query));
                            exchange.sendResponseHeaders(303, -1);
                            return;
                        }
                        serve(exchange);
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

    private void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        switch (path) {
            case "/", "/index.html" -> send(exchange, 200, HTML, PageTemplate.live("data.json"));
            case "/status.txt" -> send(exchange, 200, TEXT, status.get());
            case "/data.json" -> data(exchange);
            case "/" + PageTemplate.CHARTS -> send(exchange, 200, JS, PageTemplate.charts());
            case "/" + PageTemplate.LIBRARY -> {
                byte[] lib = library;
                if (lib == null) {
                    lib = PageTemplate.library().getBytes(StandardCharsets.UTF_8);
                    library = lib;
                }
                send(exchange, 200, JS, lib);
            }
            default -> send(exchange, 404, TEXT, "no " + path + " here\n");
        }
    }

    /** {@code data.json?since=N} (N: the {@code next} of the previous answer; none: 0). */
    private void data(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        int since = 0;
        if (query != null) {
            for (String kv : query.split("&")) {
                if (kv.startsWith("since=")) {
                    try {
                        since = Integer.parseInt(kv.substring("since=".length()));
                    } catch (NumberFormatException e) {
                        send(exchange, 400, TEXT, "since: not a number: " + kv + "\n");
                        return;
                    }
                }
            }
        }
        String json;
        try {
            json = live.json(since);
        } catch (IllegalArgumentException e) {
            send(exchange, 400, TEXT, e.getMessage() + "\n");
            return;
        }
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        send(exchange, 200, "application/json", json);
    }

    private static void send(HttpExchange exchange, int code, String type, String body)
            throws IOException {
        send(exchange, code, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int code, String type, byte[] body)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(code, body.length);
        try (OutputStream o = exchange.getResponseBody()) {
            o.write(body);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
