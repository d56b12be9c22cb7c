package io.codedyarn.coordinator.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The JSON files a cluster run ships to its ApplicationMaster: {@code job.json} (the {@link
 * io.codedyarn.coordinator.round.TrainSpec}) and {@code job-info.json} ({@link
 * io.codedyarn.coordinator.cluster.JobInfo}). NaN fields ("not given") travel as the string "NaN",
 * which Jackson reads back as NaN.
 */
public final class JobJson {
    public static final String SPEC_FILE = "job.json";
    public static final String INFO_FILE = "job-info.json";

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JobJson() {}

    public static String write(Object specOrInfo) {
        try {
            return MAPPER.writeValueAsString(specOrInfo) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + specOrInfo, e);
        }
    }

    /**
     * @param source names the file in the error
     * @throws IllegalArgumentException naming source when the text is not a valid document
     */
    public static <T> T read(String json, Class<T> type, String source) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    source + ": not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }
}
