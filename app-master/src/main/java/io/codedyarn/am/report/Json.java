package io.codedyarn.am.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The JSON of the charts' model ({@link RunView}, {@link Report}, the live page's slices). */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    /**
     * {@code value} as JSON that may stand inside an HTML {@code <script>} element: every {@code <}
     * is written {@code \u003c} (it only occurs inside JSON strings, where the escape means the
     * same), so no {@code </script>} in a run's text can end the element.
     */
    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
