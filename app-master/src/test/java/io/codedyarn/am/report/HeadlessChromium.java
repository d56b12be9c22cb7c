package io.codedyarn.am.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's {@code chromium}, headless, for the tests tagged {@code browser}: the DOM of a page
 * after its scripts ran ({@code --dump-dom}; {@code --virtual-time-budget} lets timers and fetches
 * finish first) and a screenshot. The binary is {@code -Dbrowser.chromium} (default {@code
 * chromium} on the PATH).
 */
public final class HeadlessChromium {
    private static final Pattern CHART =
            Pattern.compile("data-chart=\"([^\"]+)\"[^>]*?data-points=\"(\\d+)\"");

    private final String binary = System.getProperty("browser.chromium", "chromium");
    private final Path profile;

    /**
     * @param scratch where the browser keeps its profile
     */
    public HeadlessChromium(Path scratch) throws IOException {
        this.profile = Files.createDirectories(scratch.resolve("chromium-profile"));
    }

    /** The page's DOM once its scripts had {@code budgetMillis} of (virtual) time. */
    public String dom(String url, int budgetMillis) throws IOException, InterruptedException {
        return run(url, budgetMillis, "--dump-dom");
    }

    /** A {@code width}×{@code height} PNG of the page once its scripts had their time. */
    public void screenshot(String url, int budgetMillis, Path png, int width, int height)
            throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.deleteIfExists(png);
        run(
                url,
                budgetMillis,
                "--screenshot=" + png.toAbsolutePath(),
                "--window-size=" + width + "," + height,
                "--hide-scrollbars");
        if (!Files.isRegularFile(png) || Files.size(png) == 0) {
            throw new IOException("chromium wrote no screenshot of " + url + " to " + png);
        }
    }

    /** Per chart element ({@code data-chart}), the points it plots ({@code data-points}). */
    public static Map<String, Integer> points(String dom) {
        Map<String, Integer> out = new LinkedHashMap<>();
        Matcher m = CHART.matcher(dom);
        while (m.find()) {
            out.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        return out;
    }

    /** The value of attribute {@code name} of {@code <body>}, or null. */
    public static String bodyAttribute(String dom, String name) {
        Matcher m = Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    private String run(String url, int budgetMillis, String... extra)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary);
        cmd.add("--headless=new");
        cmd.add("--no-sandbox"); // CI runs as root, where chromium's sandbox refuses to start
        cmd.add("--disable-gpu");
        cmd.add("--no-first-run");
        cmd.add("--user-data-dir=" + profile.toAbsolutePath());
        cmd.add("--virtual-time-budget=" + budgetMillis);
        cmd.addAll(List.of(extra));
        cmd.add(url);
        Path stdout = Files.createTempFile(profile, "out", ".html");
        Path stderr = Files.createTempFile(profile, "err", ".txt");
        Process p =
                new ProcessBuilder(cmd)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish within 120 s: " + cmd);
        }
        String out = Files.readString(stdout, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(
                    "chromium exited "
                            + p.exitValue()
                            + ": "
                            + cmd
                            + "\n"
                            + Files.readString(stderr, StandardCharsets.UTF_8));
        }
        return out;
    }
}
