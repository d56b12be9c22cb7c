package io.codedyarn.am.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module boundaries that the build cannot see (ArchUnit over the main classes of every module,
 * which app-master's test class path holds): no package cycles, and the pure modules' packages
 * (placement, compute, coordinator) reach neither Hadoop nor gRPC even through a transitive
 * dependency that the enforcer's banned-dependency rule would miss; in the coordinator, the method
 * families (decoded, lazy, async, ssp) use no sibling family, and the round they share knows
 * neither them nor the adaptation.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.codedyarn");
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        // One slice per package: (**) captures the whole package name below io.codedyarn.
        slices().matching("io.codedyarn.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void thePureModulesUseNeitherHadoopNorGrpc() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.codedyarn.placement..",
                        "io.codedyarn.coordinator..",
                        "io.codedyarn.compute..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.apache.hadoop..", "io.grpc..", "com.google.protobuf..")
                .check(classes);
    }

    /** Each module's package prefix: a package is named after the module that holds it. */
    private static final Map<String, String> PREFIX =
            Map.of(
                    "placement", "io.codedyarn.placement",
                    "compute", "io.codedyarn.compute",
                    "coordinator", "io.codedyarn.coordinator",
                    "hdfs-tools", "io.codedyarn.hdfs",
                    "protocol", "io.codedyarn.protocol",
                    "container-worker", "io.codedyarn.worker",
                    "am-net", "io.codedyarn.am.net",
                    "reproduction", "io.codedyarn.repro",
                    "benchmarks", "io.codedyarn.bench",
                    "app-master", "io.codedyarn.am");

    /** The module a class was loaded from: its target/classes directory or its installed jar. */
    private static final Pattern MODULE =
            Pattern.compile("/([a-z-]+)/target/classes/|/coded-yarn-([a-z-]+)-\\d[^/]*\\.jar");

    @Test
    void everyPackageIsNamedAfterItsModule() {
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        for (JavaClass c : classes) {
            if (c.getSource().isEmpty()) {
                continue;
            }
            Matcher m = MODULE.matcher(c.getSource().get().getUri().toString());
            if (!m.find()) {
                continue;
            }
            String module = m.group(1) != null ? m.group(1) : m.group(2);
            String prefix = PREFIX.get(module);
            seen++;
            String pkg = c.getPackageName();
            boolean fits =
                    prefix != null
                            && (pkg.equals(prefix) || pkg.startsWith(prefix + "."))
                            && !(module.equals("app-master")
                                    && pkg.startsWith("io.codedyarn.am.net"));
            if (!fits) {
                wrong.add(module + ": " + c.getName());
            }
        }
        assertThat(seen).as("classes whose module was recognised").isGreaterThan(500);
        assertThat(wrong).as("classes outside their module's package").isEmpty();
    }

    private static final String[] FAMILIES = {"decoded", "lazy", "async", "ssp"};

    @Test
    void aMethodFamilyUsesNoOtherFamily() {
        // What two families share lives in coordinator.round (or lower), never in a sibling.
        for (String family : FAMILIES) {
            String[] others =
                    Arrays.stream(FAMILIES)
                            .filter(f -> !f.equals(family))
                            .map(f -> "io.codedyarn.coordinator." + f + "..")
                            .toArray(String[]::new);
            noClasses()
                    .that()
                    .resideInAPackage("io.codedyarn.coordinator." + family + "..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(others)
                    .check(classes);
        }
    }

    @Test
    void theRoundKnowsNoFamilyAndNoAdaptation() {
        // The round (engine, ledger, run state, decode gate) and what lies below it (cluster ports,
        // trace) are shared by every family; the families, the adaptation and the loop above them
        // depend on the round, never the other way.
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.codedyarn.coordinator.round..",
                        "io.codedyarn.coordinator.cluster..",
                        "io.codedyarn.coordinator.trace..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.codedyarn.coordinator",
                        "io.codedyarn.coordinator.decoded..",
                        "io.codedyarn.coordinator.lazy..",
                        "io.codedyarn.coordinator.async..",
                        "io.codedyarn.coordinator.ssp..",
                        "io.codedyarn.coordinator.adapt..",
                        "io.codedyarn.coordinator.auto..")
                .check(classes);
    }
}
