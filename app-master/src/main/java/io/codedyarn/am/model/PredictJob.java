package io.codedyarn.am.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * What {@code predict} on a cluster hands its ApplicationMaster and tasks ({@code
 * predict-job.json}): where the dataset is, the temporary directory the parts go to, and how they
 * are written. The model travels beside it as a file of its own ({@link #MODEL_FILE}).
 *
 * @param data the dataset, a qualified URI the containers read
 * @param temp the hidden temporary output directory, a qualified URI
 * @param format the part files' format
 * @param threshold lr's threshold
 * @param keep {@code --keep-columns}
 * @param allowMissing {@code --allow-missing}
 */
public record PredictJob(
        String data,
        String temp,
        OutputFormat format,
        double threshold,
        List<String> keep,
        boolean allowMissing) {
    /** The job's file name among the staged files. */
    public static final String FILE = "predict-job.json";

    /** The model's file name among the staged files. */
    public static final String MODEL_FILE = "model.json";

    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public PredictJob {
        keep = List.copyOf(keep);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static PredictJob fromJson(String json) {
        try {
            return JSON.readValue(json, PredictJob.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(FILE + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The settings of one task's part, for the model and dataset it opened. */
    public PredictionParts.Settings settings(BoundModel model, PredictionColumns columns) {
        return new PredictionParts.Settings(model, columns, threshold, format);
    }
}
