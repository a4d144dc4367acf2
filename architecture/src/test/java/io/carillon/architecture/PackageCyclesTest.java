package io.carillon.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * No two packages of Carillon's main code depend on each other, directly or through others. A public package and its
 * {@code internal} package count as one (the public builder constructs the engine inside, and the engine implements
 * the public interfaces, as Kafka Streams' {@code KStream} and {@code KStreamImpl} do): {@code worker} with
 * {@code worker.internal}, {@code console.internal.jobs} as {@code console.jobs}.
 */
class PackageCyclesTest {

    private static final String ROOT = "io.carillon.";
    private static final String INTERNAL = ".internal";

    static final SliceAssignment PACKAGES_WITH_THEIR_INTERNALS = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith(ROOT)) {
                return SliceIdentifier.ignore();
            }
            return SliceIdentifier.of(
                    name.substring(ROOT.length()).replace(INTERNAL + ".", ".").replace(INTERNAL, ""));
        }

        @Override
        public String getDescription() {
            return "packages of io.carillon, each with its internal package";
        }
    };

    static final ArchRule NO_CYCLES =
            slices().assignedFrom(PACKAGES_WITH_THEIR_INTERNALS).should().beFreeOfCycles();

    @Test
    void packagesAreFreeOfCycles() {
        NO_CYCLES.check(CarillonClasses.main());
    }
}
