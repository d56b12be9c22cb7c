package io.codedyarn.am.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codedyarn.am.output.ModelJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@link PmmlModel}: the output is valid against the PMML 4.4 XSD (the DMG's schema, a test
 * resource: src/test/resources/pmml/README.md), holds the model's numbers exactly, and what PMML
 * cannot hold is refused. Scoring it with an independent evaluator is the spark-export profile's
 * test (export-check, JPMML-Evaluator).
 */
class PmmlModelTest {
    @TempDir Path tmp;

    @Test
    void logisticRegressionIsValidPmml44WithTheModelsNumbers() throws Exception {
        Path file = tmp.resolve("lr.pmml");
        PmmlModel.write(Models.lr(), file);
        validate(file);
        Document doc = parse(file);
        Element root = doc.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo(PmmlModel.NAMESPACE);
        assertThat(root.getAttribute("version")).isEqualTo("4.4");
        Element model = only(doc, "RegressionModel");
        assertThat(model.getAttribute("functionName")).isEqualTo("classification");
        assertThat(model.getAttribute("normalizationMethod")).isEqualTo("logit");
        assertThat(names(doc, "DataField")).containsExactly("age", "income", "clicks", "y");
        assertThat(names(doc, "MiningField")).containsExactly("y", "age", "income", "clicks");
        NodeList tables = doc.getElementsByTagNameNS(PmmlModel.NAMESPACE, "RegressionTable");
        assertThat(tables.getLength()).isEqualTo(2);
        Element first = (Element) tables.item(0);
        assertThat(first.getAttribute("targetCategory")).isEqualTo("1");
        assertThat(Double.parseDouble(first.getAttribute("intercept"))).isEqualTo(-0.125);
        assertThat(coefficients(first)).containsExactly(0.75, -1.25e-3, 2.5);
        Element second = (Element) tables.item(1);
        assertThat(second.getAttribute("targetCategory")).isEqualTo("-1");
        assertThat(second.getAttribute("intercept")).isEqualTo("0");
        assertThat(coefficients(second)).isEmpty();
    }

    @Test
    void leastSquaresIsValidPmml44Regression() throws Exception {
        Path file = tmp.resolve("lsq.pmml");
        PmmlModel.write(Models.lsq(), file);
        validate(file);
        Document doc = parse(file);
        Element model = only(doc, "RegressionModel");
        assertThat(model.getAttribute("functionName")).isEqualTo("regression");
        assertThat(model.hasAttribute("normalizationMethod")).isFalse();
        Element table = only(doc, "RegressionTable");
        assertThat(Double.parseDouble(table.getAttribute("intercept")))
                .isEqualTo(54.23021580137924);
        assertThat(coefficients(table))
                .containsExactly(32.39558502315145, 1.0668013139982928, -0.37883372460421405);
        assertThat(doc.getElementsByTagNameNS(PmmlModel.NAMESPACE, "Output").getLength()).isZero();
    }

    @Test
    void theTargetAvoidsAFeatureNamedYAndNamesNeedNoEscapingByHand() throws Exception {
        ModelJson.Model named =
                Models.withFeatures(Models.lsq(), List.of("y", "a<b & \"c\"", "pixel(3,4)"));
        Path file = tmp.resolve("named.pmml");
        PmmlModel.write(named, file);
        validate(file);
        assertThat(names(parse(file), "DataField"))
                .containsExactly("y", "a<b & \"c\"", "pixel(3,4)", "y_");
    }

    @Test
    void pcaAndDuplicateNamesAreRefused() {
        assertThatThrownBy(() -> PmmlModel.check(Models.pca(new double[3])))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pca model cannot be written as PMML");
        ModelJson.Model dup = Models.withFeatures(Models.lr(), List.of("a", "b", "a"));
        assertThatThrownBy(() -> PmmlModel.check(dup))
                .hasMessageContaining("feature name 'a' appears twice");
    }

    /** Validates against the DMG's PMML 4.4 schema (test resource). */
    static void validate(Path file) throws Exception {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var xsd = PmmlModelTest.class.getResource("/pmml/pmml-4-4.xsd");
        assertThat(xsd).as("the PMML 4.4 XSD on the test class path").isNotNull();
        f.newSchema(xsd).newValidator().validate(new StreamSource(file.toFile()));
    }

    private static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static Element only(Document doc, String name) {
        NodeList l = doc.getElementsByTagNameNS(PmmlModel.NAMESPACE, name);
        assertThat(l.getLength()).as(name).isEqualTo(1);
        return (Element) l.item(0);
    }

    private static List<String> names(Document doc, String element) {
        NodeList l = doc.getElementsByTagNameNS(PmmlModel.NAMESPACE, element);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add(((Element) l.item(i)).getAttribute("name"));
        }
        return out;
    }

    private static List<Double> coefficients(Element table) throws IOException {
        NodeList l = table.getElementsByTagNameNS(PmmlModel.NAMESPACE, "NumericPredictor");
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add(Double.parseDouble(((Element) l.item(i)).getAttribute("coefficient")));
        }
        return out;
    }
}
