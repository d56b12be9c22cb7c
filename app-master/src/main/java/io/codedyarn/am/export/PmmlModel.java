package io.codedyarn.am.export;

import io.codedyarn.am.output.ModelJson;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code export --format pmml}: PMML 4.4, one RegressionModel (the element every PMML consumer
 * reads, and the one the standard defines for both cases).
 *
 * <ul>
 *   <li>lr: {@code functionName="classification"}, {@code normalizationMethod="logit"}; the target
 *       {@code y} is categorical with the values 1 and −1 (coded-yarn's labels); the first
 *       RegressionTable (category 1) holds the intercept and one NumericPredictor per feature, the
 *       second (category −1) is empty, so P(1) = 1/(1 + exp(−(b + Σ w_j x_j))) and P(−1) = 1 − P(1)
 *       (the standard's two-category logit rule); Output names both probabilities.
 *   <li>lsq: {@code functionName="regression"}, one RegressionTable: y = b + Σ w_j x_j.
 * </ul>
 *
 * Every feature is a continuous double DataField named as in model.json. pca is refused: PMML 4.4
 * has no projection model whose output is the k scores.
 */
public final class PmmlModel {
    public static final String NAMESPACE = "http://www.dmg.org/PMML-4_4";

    private PmmlModel() {}

    /** Refuses what PMML cannot hold (exit 2) before anything is written. */
    public static void check(ModelJson.Model m) {
        if (m.workload().equals("pca")) {
            throw new IllegalArgumentException(
                    "--format pmml: a pca model cannot be written as PMML (PMML 4.4 has no model"
                            + " that outputs projections onto components); use --format spark");
        }
        Set<String> seen = new HashSet<>();
        for (String f : m.features()) {
            if (!seen.add(f)) {
                throw new IllegalArgumentException(
                        "--format pmml: feature name '"
                                + f
                                + "' appears twice in the model; PMML fields need distinct"
                                + " names");
            }
        }
    }

    /** The target's name: {@code y}, or {@code y_}, {@code y__}... when a feature is so named. */
    static String targetName(List<String> features) {
        String y = "y";
        while (features.contains(y)) {
            y += "_";
        }
        return y;
    }

    /** Writes the document to {@code file} (which must not exist). */
    public static void write(ModelJson.Model m, Path file) throws IOException {
        check(m);
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            new Doc(x).model(m);
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("writing PMML: " + e.getMessage(), e);
        }
    }

    /** The element writer, indenting two spaces per level. */
    private static final class Doc {
        private final XMLStreamWriter x;
        private int depth;

        Doc(XMLStreamWriter x) {
            this.x = x;
        }

        void model(ModelJson.Model m) throws XMLStreamException {
            boolean lr = m.workload().equals("lr");
            List<String> features = m.features();
            String y = targetName(features);
            x.writeStartDocument("UTF-8", "1.0");
            open("PMML");
            x.writeDefaultNamespace(NAMESPACE);
            x.writeAttribute("version", "4.4");
            open("Header");
            x.writeAttribute("description", description(m));
            empty("Application");
            x.writeAttribute("name", "coded-yarn");
            close();
            open("DataDictionary");
            x.writeAttribute("numberOfFields", Integer.toString(features.size() + 1));
            for (String f : features) {
                empty("DataField");
                x.writeAttribute("name", f);
                x.writeAttribute("optype", "continuous");
                x.writeAttribute("dataType", "double");
            }
            if (lr) {
                open("DataField");
                x.writeAttribute("name", y);
                x.writeAttribute("optype", "categorical");
                x.writeAttribute("dataType", "integer");
                for (String v : new String[] {"-1", "1"}) {
                    empty("Value");
                    x.writeAttribute("value", v);
                }
                close();
            } else {
                empty("DataField");
                x.writeAttribute("name", y);
                x.writeAttribute("optype", "continuous");
                x.writeAttribute("dataType", "double");
            }
            close();
            open("RegressionModel");
            x.writeAttribute("modelName", "coded-yarn-" + m.workload());
            x.writeAttribute("functionName", lr ? "classification" : "regression");
            x.writeAttribute("algorithmName", lr ? "logisticRegression" : "leastSquares");
            x.writeAttribute("modelType", lr ? "logisticRegression" : "linearRegression");
            x.writeAttribute("targetFieldName", y);
            if (lr) {
                x.writeAttribute("normalizationMethod", "logit");
            }
            open("MiningSchema");
            empty("MiningField");
            x.writeAttribute("name", y);
            x.writeAttribute("usageType", "target");
            for (String f : features) {
                empty("MiningField");
                x.writeAttribute("name", f);
            }
            close();
            if (lr) {
                Set<String> taken = new HashSet<>(features);
                taken.add(y);
                open("Output");
                for (String v : new String[] {"1", "-1"}) {
                    String name = "probability(" + v + ")";
                    while (taken.contains(name)) {
                        name += "_";
                    }
                    empty("OutputField");
                    x.writeAttribute("name", name);
                    x.writeAttribute("optype", "continuous");
                    x.writeAttribute("dataType", "double");
                    x.writeAttribute("feature", "probability");
                    x.writeAttribute("value", v);
                }
                close();
            }
            open("RegressionTable");
            x.writeAttribute("intercept", number(m.intercept()));
            if (lr) {
                x.writeAttribute("targetCategory", "1");
            }
            double[] w = m.coefficients();
            for (int j = 0; j < features.size(); j++) {
                empty("NumericPredictor");
                x.writeAttribute("name", features.get(j));
                x.writeAttribute("coefficient", number(w[j]));
            }
            close();
            if (lr) {
                empty("RegressionTable");
                x.writeAttribute("intercept", "0");
                x.writeAttribute("targetCategory", "-1");
            }
            close();
            close();
            x.writeCharacters("\n");
            x.writeEndDocument();
        }

        private void open(String name) throws XMLStreamException {
            indent();
            x.writeStartElement(name);
            depth++;
        }

        private void empty(String name) throws XMLStreamException {
            indent();
            x.writeEmptyElement(name);
        }

        private void close() throws XMLStreamException {
            depth--;
            indent();
            x.writeEndElement();
        }

        private void indent() throws XMLStreamException {
            x.writeCharacters("\n" + "  ".repeat(depth));
        }
    }

    /** Java's shortest decimal that reads back to the same double (valid xs:double). */
    static String number(double v) {
        return Double.toString(v);
    }

    private static String description(ModelJson.Model m) {
        StringBuilder s = new StringBuilder("coded-yarn ");
        s.append(m.workload().equals("lr") ? "logistic regression" : "least squares");
        if (m.training() != null) {
            s.append(", scheme ")
                    .append(m.training().scheme())
                    .append(", ")
                    .append(m.training().iterations())
                    .append(" iterations, ")
                    .append(m.training().status());
        }
        if (m.lambda() != null) {
            s.append(", lambda ").append(m.lambda());
        }
        return s.toString();
    }
}
