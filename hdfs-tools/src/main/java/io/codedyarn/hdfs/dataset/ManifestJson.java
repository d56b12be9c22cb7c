package io.codedyarn.hdfs.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code manifest.json} to and from {@link Manifest}. Parsing validates every field and names the
 * offending key ({@code manifest.json: field 'rows' must be an integer, got string}); unknown
 * fields are ignored (additions within a version are compatible), a newer {@code formatVersion} is
 * refused.
 */
public final class ManifestJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ManifestJson() {}

    /** The shared mapper (indenting output). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The manifest as pretty-printed JSON. */
    public static String toJson(Manifest m) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", Manifest.FORMAT);
        root.put("formatVersion", m.formatVersion());
        root.put("rows", m.rows());
        root.put("cols", m.cols());
        root.put("storage", m.storage().jsonName());
        root.put("featureType", Manifest.FEATURE_TYPE);
        ObjectNode labels = root.putObject("labels");
        labels.put("type", m.labels().present() ? "float64" : "none");
        if (m.labels().classes() != null) {
            ArrayNode classes = labels.putArray("classes");
            for (double c : m.labels().classes()) {
                classes.add(c);
            }
        }
        ArrayNode ts = root.putArray("transformations");
        for (Transformation t : m.spec().transformations()) {
            ObjectNode o = ts.addObject();
            o.put("name", t.name());
            for (Map.Entry<String, Object> e : t.params().entrySet()) {
                o.set(e.getKey(), MAPPER.valueToTree(e.getValue()));
            }
        }
        if (m.spec().seed() != null) {
            root.put("seed", m.spec().seed());
        } else {
            root.putNull("seed");
        }
        root.set("source", MAPPER.valueToTree(m.spec().source()));
        writeFeatures(root, m.spec().features());
        ArrayNode blocks = root.putArray("blocks");
        for (BlockInfo b : m.blocks()) {
            ObjectNode o = blocks.addObject();
            o.put("file", b.file());
            o.put("firstRow", b.firstRow());
            o.put("rows", b.rows());
            o.put("nnz", b.nnz());
            o.put("bytes", b.bytes());
            o.put("crc32c", b.crc32c());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("manifest not serialisable", e);
        }
    }

    /**
     * Parses and validates a manifest.
     *
     * @param file the name to report problems against (usually the manifest's path)
     */
    public static Manifest parse(byte[] json, String file) throws DatasetFormatException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new DatasetFormatException(file, "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new DatasetFormatException(file, "not readable: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new DatasetFormatException(file, "not a JSON object");
        }
        ManifestFields f = new ManifestFields(file);
        String format = f.string(root, "format");
        if (!Manifest.FORMAT.equals(format)) {
            throw new DatasetFormatException(
                    file, "field 'format' is '" + format + "', expected '" + Manifest.FORMAT + "'");
        }
        long version = f.integer(root, "formatVersion");
        if (version < 1 || version > Manifest.FORMAT_VERSION) {
            throw new DatasetFormatException(
                    file,
                    "formatVersion "
                            + version
                            + " is not supported (this reader understands 1.."
                            + Manifest.FORMAT_VERSION
                            + ")");
        }
        long rows = f.integer(root, "rows");
        long cols = f.integer(root, "cols");
        if (rows < 0) {
            throw new DatasetFormatException(file, "field 'rows' is negative: " + rows);
        }
        if (cols < 1 || cols > Integer.MAX_VALUE) {
            throw new DatasetFormatException(file, "field 'cols' out of range: " + cols);
        }
        String storageName = f.string(root, "storage");
        Storage storage = Storage.fromJsonName(storageName);
        if (storage == null) {
            throw new DatasetFormatException(
                    file, "field 'storage' is '" + storageName + "', expected 'dense' or 'csr'");
        }
        String featureType = f.string(root, "featureType");
        if (!Manifest.FEATURE_TYPE.equals(featureType)) {
            throw new DatasetFormatException(
                    file, "field 'featureType' is '" + featureType + "', expected 'float64'");
        }
        LabelSpec labels = parseLabels(f, f.object(root, "labels"));
        List<Transformation> transformations = new ArrayList<>();
        for (JsonNode t : f.array(root, "transformations")) {
            transformations.add(parseTransformation(f, t));
        }
        Long seed = null;
        JsonNode seedNode = root.get("seed");
        if (seedNode != null && !seedNode.isNull()) {
            seed = f.integer(root, "seed");
        }
        Map<String, Object> source = new LinkedHashMap<>();
        JsonNode sourceNode = root.get("source");
        if (sourceNode != null && !sourceNode.isNull()) {
            source = normalizeMap(f.object(root, "source"));
        }
        List<BlockInfo> blocks = new ArrayList<>();
        Set<String> names = new HashSet<>();
        long nextRow = 1;
        int i = 0;
        for (JsonNode b : f.array(root, "blocks")) {
            String where = "blocks[" + i + "].";
            if (!b.isObject()) {
                throw new DatasetFormatException(file, "field '" + where + "' is not an object");
            }
            f.prefix = where;
            BlockInfo block =
                    new BlockInfo(
                            f.string(b, "file"),
                            f.integer(b, "firstRow"),
                            f.integer(b, "rows"),
                            f.integer(b, "nnz"),
                            f.integer(b, "bytes"),
                            f.integer(b, "crc32c"));
            f.prefix = "";
            String name = block.file();
            if (name.isEmpty()
                    || name.contains("/")
                    || name.contains("\\")
                    || name.startsWith(".")
                    || name.equals(Manifest.FILE_NAME)
                    || !names.add(name)) {
                throw new DatasetFormatException(
                        file,
                        "field '" + where + "file' is not a valid block name: '" + name + "'");
            }
            if (block.firstRow() != nextRow) {
                throw new DatasetFormatException(
                        file,
                        "field '"
                                + where
                                + "firstRow' is "
                                + block.firstRow()
                                + ", expected "
                                + nextRow
                                + " (blocks must be contiguous)");
            }
            if (block.rows() < 1 || block.nnz() < 0 || block.bytes() < BlockFormat.HEADER_BYTES) {
                throw new DatasetFormatException(
                        file, "block '" + name + "' has invalid rows/nnz/bytes");
            }
            if (block.crc32c() < 0 || block.crc32c() > 0xFFFFFFFFL) {
                throw new DatasetFormatException(
                        file, "field '" + where + "crc32c' is not an unsigned 32-bit value");
            }
            nextRow += block.rows();
            blocks.add(block);
            i++;
        }
        if (nextRow - 1 != rows) {
            throw new DatasetFormatException(
                    file, "blocks hold " + (nextRow - 1) + " rows but field 'rows' is " + rows);
        }
        FeatureNames features = parseFeatures(f, root.get("features"));
        DatasetSpec spec;
        try {
            spec =
                    new DatasetSpec(
                            storage, (int) cols, labels, transformations, seed, source, features);
        } catch (IllegalArgumentException e) {
            throw new DatasetFormatException(file, "field 'features.names': " + e.getMessage());
        }
        return new Manifest((int) version, rows, spec, blocks);
    }

    /**
     * The optional {@code features} object; the default naming ({@code x0, x1, …}) is not written,
     * so a manifest without names is byte for byte what it was before names existed.
     */
    private static void writeFeatures(ObjectNode root, FeatureNames features) {
        if (features.equals(FeatureNames.INDEXED)) {
            return;
        }
        ObjectNode o = root.putObject("features");
        o.put("naming", features.naming());
        if (features instanceof FeatureNames.Listed l) {
            ArrayNode names = o.putArray("names");
            l.names().forEach(names::add);
        } else if (features instanceof FeatureNames.Pixels p) {
            o.put("width", p.width());
        }
    }

    /**
     * {@code features}: absent or null is the default naming; a naming this reader does not know (a
     * later writer's) is read as the default too, since names only describe the columns.
     */
    private static FeatureNames parseFeatures(ManifestFields f, JsonNode node)
            throws DatasetFormatException {
        if (node == null || node.isNull()) {
            return FeatureNames.INDEXED;
        }
        if (!node.isObject()) {
            throw f.wrongType("features", "an object", node);
        }
        f.prefix = "features.";
        String naming = f.string(node, "naming");
        FeatureNames out =
                switch (naming) {
                    case FeatureNames.Listed.NAMING -> {
                        List<String> names = new ArrayList<>();
                        for (JsonNode n : f.array(node, "names")) {
                            if (!n.isTextual()) {
                                throw new DatasetFormatException(
                                        f.file, "field 'features.names' must hold strings only");
                            }
                            names.add(n.textValue());
                        }
                        yield new FeatureNames.Listed(names);
                    }
                    case "libsvm" -> FeatureNames.LIBSVM;
                    case FeatureNames.Pixels.NAMING -> {
                        long width = f.integer(node, "width");
                        if (width < 1 || width > Integer.MAX_VALUE) {
                            throw new DatasetFormatException(
                                    f.file, "field 'features.width' out of range: " + width);
                        }
                        yield new FeatureNames.Pixels((int) width);
                    }
                    default -> FeatureNames.INDEXED;
                };
        f.prefix = "";
        return out;
    }

    private static LabelSpec parseLabels(ManifestFields f, JsonNode labels)
            throws DatasetFormatException {
        f.prefix = "labels.";
        String type = f.string(labels, "type");
        LabelSpec out;
        if (type.equals("none")) {
            out = LabelSpec.NONE;
        } else if (type.equals("float64")) {
            JsonNode classes = labels.get("classes");
            if (classes == null || classes.isNull()) {
                out = LabelSpec.CONTINUOUS;
            } else {
                ArrayNode arr = f.array(labels, "classes");
                double[] c = new double[arr.size()];
                for (int i = 0; i < c.length; i++) {
                    if (!arr.get(i).isNumber()) {
                        throw new DatasetFormatException(
                                f.file, "field 'labels.classes' must hold numbers only");
                    }
                    c[i] = arr.get(i).doubleValue();
                }
                try {
                    out = LabelSpec.classes(c);
                } catch (IllegalArgumentException e) {
                    throw new DatasetFormatException(
                            f.file, "field 'labels.classes': " + e.getMessage());
                }
            }
        } else {
            throw new DatasetFormatException(
                    f.file, "field 'labels.type' is '" + type + "', expected 'float64' or 'none'");
        }
        f.prefix = "";
        return out;
    }

    private static Transformation parseTransformation(ManifestFields f, JsonNode t)
            throws DatasetFormatException {
        if (!t.isObject()) {
            throw new DatasetFormatException(
                    f.file, "field 'transformations' must hold objects only");
        }
        f.prefix = "transformations[].";
        String name = f.string(t, "name");
        f.prefix = "";
        Map<String, Object> params = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = t.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals("name")) {
                params.put(e.getKey(), normalize(e.getValue()));
            }
        }
        return new Transformation(name, params);
    }

    /**
     * The canonical JSON form of a free-form map: integers as Long, other numbers as Double, arrays
     * as List, objects as Map (so a map equals itself after a manifest round trip).
     */
    static Map<String, Object> canonical(Map<String, Object> map) {
        JsonNode node = MAPPER.valueToTree(map);
        if (!node.isObject()) {
            throw new IllegalArgumentException("not a JSON object: " + map);
        }
        return java.util.Collections.unmodifiableMap(normalizeMap(node));
    }

    private static Map<String, Object> normalizeMap(JsonNode node) {
        Map<String, Object> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), normalize(e.getValue()));
        }
        return out;
    }

    /** JSON → Long / Double / Boolean / String / List / Map / null. */
    private static Object normalize(JsonNode n) {
        if (n.isIntegralNumber()) {
            return n.longValue();
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>();
            for (JsonNode x : n) {
                out.add(normalize(x));
            }
            return out;
        }
        if (n.isObject()) {
            return normalizeMap(n);
        }
        return null;
    }
}
