package io.codedyarn.am.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The one page of both views ({@code page.html}, drawn by {@code coded-yarn-charts.js} with
 * ECharts): the live page loads the two scripts from the AM ({@link #LIBRARY}, {@link #CHARTS}) and
 * polls {@code data.json}; the report inlines both scripts and its model, so that it opens offline.
 * ECharts comes from its package in the job jar ({@code org.mvnpm:echarts}); its version is the
 * pom's ({@code echarts.version}, filtered into {@code library.properties}).
 */
public final class PageTemplate {
    /** The file names the live page's scripts are served under (relative to the page). */
    public static final String LIBRARY = "echarts.min.js";

    public static final String CHARTS = "coded-yarn-charts.js";

    private static final String BASE = "/io/codedyarn/am/report/";

    private PageTemplate() {}

    /** The live page: scripts from the AM, the model from {@code dataUrl} (relative). */
    public static String live(String dataUrl) {
        return page(
                "<script src=\""
                        + LIBRARY
                        + "\"></script>\n<script src=\""
                        + CHARTS
                        + "\"></script>",
                "<script>CodedYarnCharts.live(" + Json.write(dataUrl) + ");</script>");
    }

    /** A self-contained report of {@code report}: library, charts and model inlined. */
    public static String report(Report report) {
        return page(
                inline(library()) + "\n" + inline(charts()),
                "<script type=\"application/json\" id=\"coded-yarn-data\">"
                        + Json.write(report)
                        + "</script>\n<script>CodedYarnCharts.report(JSON.parse("
                        + "document.getElementById('coded-yarn-data').textContent));</script>");
    }

    /** ECharts' minified build, from its package in the jar. */
    public static String library() {
        Properties p = new Properties();
        try (InputStream in = PageTemplate.class.getResourceAsStream(BASE + "library.properties")) {
            if (in == null) {
                throw new IllegalStateException("library.properties missing from the jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return resource("/" + p.getProperty("echarts.path"));
    }

    public static String charts() {
        return resource(BASE + CHARTS);
    }

    private static String page(String scripts, String boot) {
        return resource(BASE + "page.html")
                .replace("<!--coded-yarn:scripts-->", scripts)
                .replace("<!--coded-yarn:boot-->", boot);
    }

    /**
     * A script element holding {@code js}; a {@code </script} inside (only possible in a string or
     * a regular expression, where {@code <\/} means the same) would end the element early.
     */
    private static String inline(String js) {
        return "<script>" + js.replace("</script", "<\\/script") + "</script>";
    }

    private static String resource(String path) {
        try (InputStream in = PageTemplate.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
