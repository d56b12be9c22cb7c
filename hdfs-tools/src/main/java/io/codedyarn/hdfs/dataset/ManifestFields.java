package io.codedyarn.hdfs.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * Typed access to a manifest's JSON that names the file and the key ({@code prefix} + key) on
 * failure: {@link ManifestJson}'s reader.
 */
final class ManifestFields {
    final String file;
    String prefix = "";

    ManifestFields(String file) {
        this.file = file;
    }

    JsonNode require(JsonNode node, String key) throws DatasetFormatException {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw new DatasetFormatException(file, "missing field '" + prefix + key + "'");
        }
        return v;
    }

    DatasetFormatException wrongType(String key, String expected, JsonNode v) {
        return new DatasetFormatException(
                file,
                "field '"
                        + prefix
                        + key
                        + "' must be "
                        + expected
                        + ", got "
                        + v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
    }

    String string(JsonNode node, String key) throws DatasetFormatException {
        JsonNode v = require(node, key);
        if (!v.isTextual()) {
            throw wrongType(key, "a string", v);
        }
        return v.textValue();
    }

    long integer(JsonNode node, String key) throws DatasetFormatException {
        JsonNode v = require(node, key);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw wrongType(key, "an integer", v);
        }
        return v.longValue();
    }

    JsonNode object(JsonNode node, String key) throws DatasetFormatException {
        JsonNode v = require(node, key);
        if (!v.isObject()) {
            throw wrongType(key, "an object", v);
        }
        return v;
    }

    ArrayNode array(JsonNode node, String key) throws DatasetFormatException {
        JsonNode v = require(node, key);
        if (!v.isArray()) {
            throw wrongType(key, "an array", v);
        }
        return (ArrayNode) v;
    }
}
