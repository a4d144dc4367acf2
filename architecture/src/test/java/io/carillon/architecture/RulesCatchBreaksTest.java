package io.carillon.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** Each rule fails on code that breaks it, so a rule that silently matches nothing cannot pass. */
class RulesCatchBreaksTest {

    private final JavaClasses fixtures = new ClassFileImporter()
            .importPackages("io.carillon.architecture.fixtures", "io.carillon.planner.archfixture");

    @Test
    void theModuleRuleCatchesAPlannerUsingTheDispatcher() {
        assertThat(ModuleDependenciesTest.usesOnlyWhatIsAllowed("planner")
                        .evaluate(fixtures)
                        .getFailureReport()
                        .getDetails())
                .anyMatch(line -> line.contains("PlannerReachingIntoDispatcher")
                        && line.contains("io.carillon.dispatcher.Dispatcher"));
    }

    @Test
    void theCycleRuleCatchesTwoPackagesUsingEachOther() {
        assertThat(PackageCyclesTest.NO_CYCLES.evaluate(fixtures).hasViolation())
                .isTrue();
    }

    @Test
    void theTimeRuleCatchesInstantNow() {
        assertThat(TimeRulesTest.NO_SYSTEM_TIME
                        .evaluate(fixtures)
                        .getFailureReport()
                        .getDetails())
                .anyMatch(line -> line.contains("SystemTimeReader") && line.contains("Instant.now()"));
    }

    @Test
    void theSleepRuleCatchesThreadSleep() {
        assertThat(TimeRulesTest.NO_SLEEP.evaluate(fixtures).getFailureReport().getDetails())
                .anyMatch(line -> line.contains("SleepingFixture") && line.contains("Thread.sleep(long)"));
    }
}
