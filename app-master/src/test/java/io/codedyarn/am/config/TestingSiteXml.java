package io.codedyarn.am.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes a Hadoop configuration file (a site file, or one for -conf) with the given keys. */
public final class TestingSiteXml {
    private TestingSiteXml() {}

    public static Path write(Path file, Map<String, String> keys) throws Exception {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        keys.forEach(
                (k, v) ->
                        xml.append("  <property><name>")
                                .append(k)
                                .append("</name><value>")
                                .append(v)
                                .append("</value></property>\n"));
        return Files.writeString(file, xml.append("</configuration>\n"));
    }
}
