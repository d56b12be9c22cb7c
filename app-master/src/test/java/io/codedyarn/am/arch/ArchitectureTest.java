package io.codedyarn.am.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module boundaries that the build cannot see (ArchUnit over the main classes of every module,
 * which app-master's test class path holds): no package cycles, and the pure modules' packages
 * (placement, compute, coordinator) reach neither Hadoop nor gRPC even through a transitive
 * dependency that the enforcer's banned-dependency rule would miss.
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
}
