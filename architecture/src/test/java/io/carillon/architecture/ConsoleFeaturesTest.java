package io.carillon.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console's layout (console/README.md): one package per feature under {@code io.carillon.console.internal}, each
 * using only the packages this table names: the ones that cross features ({@code web}: errors, limits, JSON bodies;
 * {@code audit}; {@code access}: who calls and what they may do; {@code kafka}; {@code outbox}; {@code metrics}; {@code support}: periodic tasks, SQL times and advisory locks, which every feature
 * may use) and
 * the few features it builds on. A new arrow between features is a decision: add it here, or move the shared part.
 * No feature uses {@code io.carillon.console} itself (the application and its entry point).
 */
class ConsoleFeaturesTest {

    private static final String INTERNAL = "io.carillon.console.internal";

    static final Map<String, List<String>> USES = Map.ofEntries(
            Map.entry("web", List.of()),
            Map.entry("audit", List.of("web")),
            Map.entry("access", List.of("audit", "web")),
            Map.entry("kafka", List.of("web")),
            Map.entry("outbox", List.of("kafka")),
            Map.entry("metrics", List.of()),
            Map.entry("support", List.of()),
            Map.entry("health", List.of()),
            Map.entry("retention", List.of()),
            Map.entry("workers", List.of("access")),
            Map.entry("calendars", List.of("access", "audit", "kafka", "web")),
            Map.entry("limits", List.of("access", "audit", "kafka", "web")),
            Map.entry("workflows", List.of("access", "audit", "kafka", "web", "workers")),
            Map.entry("jobs", List.of("access", "audit", "calendars", "incidents", "kafka", "outbox", "web")),
            Map.entry("runs", List.of("access", "audit", "jobs", "kafka", "metrics", "web")),
            Map.entry("logs", List.of("kafka", "runs", "web")),
            Map.entry("dashboard", List.of("access", "jobs", "kafka", "runs", "web", "workers")),
            Map.entry("forecast", List.of("access", "calendars")),
            Map.entry("declarations", List.of("access", "jobs", "kafka", "web", "workflows")),
            Map.entry(
                    "exchange",
                    List.of("access", "audit", "calendars", "jobs", "limits", "outbox", "web", "workflows")),
            Map.entry("incidents", List.of("access", "audit", "kafka", "web")),
            Map.entry("alerting", List.of("access", "audit", "kafka", "web")));

    static Stream<String> features() {
        return USES.keySet().stream().sorted();
    }

    static ArchRule usesOnlyWhatItBuildsOn(String feature) {
        String[] allowed = Stream.concat(Stream.of(feature), USES.get(feature).stream())
                .map(name -> INTERNAL + "." + name + "..")
                .toArray(String[]::new);
        return classes()
                .that()
                .resideInAPackage(INTERNAL + "." + feature + "..")
                .should()
                .onlyDependOnClassesThat(not(resideInAPackage("io.carillon.console.."))
                        .or(resideInAPackage(INTERNAL + ".support"))
                        .or(resideInAnyPackage(allowed)))
                .because("console/README.md's layout says which packages the " + feature + " feature builds on");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("features")
    void aFeatureUsesOnlyThePackagesItBuildsOn(String feature) {
        usesOnlyWhatItBuildsOn(feature).check(CarillonClasses.main());
    }
}
