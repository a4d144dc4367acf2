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
 * The module layout of the README: the engine's parts (planner, dispatcher, analytics, worker, console) import only
 * the contract, {@code topics}, of Carillon's own code, and the two Kafka Streams apps the shell they share
 * ({@code streams-app}); the modules that assemble parts import what their pom names.
 */
class ModuleDependenciesTest {

    /** Each module's root package and the root packages of the other modules its main classes may use. */
    static final Map<String, List<String>> ALLOWED = Map.ofEntries(
            Map.entry("topics", List.of()),
            Map.entry("broker", List.of()),
            Map.entry("streams", List.of("topics")),
            Map.entry("testkit", List.of("broker", "topics", "streams")),
            Map.entry("planner", List.of("topics", "streams")),
            Map.entry("dispatcher", List.of("topics")),
            Map.entry("analytics", List.of("topics", "streams")),
            Map.entry("worker", List.of("topics")),
            Map.entry("console", List.of("topics")),
            Map.entry("test", List.of("topics", "broker", "planner", "dispatcher", "worker")),
            Map.entry("examples", List.of("worker")),
            Map.entry(
                    "standalone",
                    List.of("topics", "broker", "planner", "dispatcher", "analytics", "worker", "console", "examples")),
            Map.entry(
                    "bench",
                    List.of(
                            "topics",
                            "broker",
                            "planner",
                            "dispatcher",
                            "analytics",
                            "worker",
                            "console",
                            "standalone")));

    static Stream<String> modules() {
        return ALLOWED.keySet().stream().sorted();
    }

    static ArchRule usesOnlyWhatIsAllowed(String module) {
        String[] allowed = Stream.concat(Stream.of(module), ALLOWED.get(module).stream())
                .map(name -> "io.carillon." + name + "..")
                .toArray(String[]::new);
        return classes()
                .that()
                .resideInAPackage("io.carillon." + module + "..")
                .should()
                .onlyDependOnClassesThat(not(resideInAPackage("io.carillon..")).or(resideInAnyPackage(allowed)))
                .because("the README's layout table says which modules " + module + " builds on");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void aModuleUsesOnlyTheModulesItIsAllowed(String module) {
        usesOnlyWhatIsAllowed(module).check(CarillonClasses.main());
    }
}
