package io.carillon.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Time comes from an injected {@link java.time.Clock}: no class reads the system's time any other way, and no test
 * sleeps (a test that waits on a real broker polls a condition with a deadline). The hand-run probes, which measure
 * wall time and are no part of the suite, are the exception.
 */
class TimeRulesTest {

    private static final String PROBES = ".*Probe(\\$.*)?";

    static final ArchRule NO_SYSTEM_TIME = noClasses()
            .that()
            .haveNameNotMatching(PROBES)
            .should()
            .callMethod(Instant.class, "now")
            .orShould()
            .callMethod(System.class, "currentTimeMillis")
            .orShould()
            .callMethod(LocalDateTime.class, "now")
            .orShould()
            .callMethod(LocalDate.class, "now")
            .orShould()
            .callMethod(ZonedDateTime.class, "now")
            .orShould()
            .callConstructor(Date.class)
            .because("time comes from an injected java.time.Clock");

    static final ArchRule NO_SLEEP = noClasses()
            .should()
            .callMethod(Thread.class, "sleep", long.class)
            .orShould()
            .callMethod(Thread.class, "sleep", long.class, int.class)
            .orShould()
            .callMethod(TimeUnit.class, "sleep", long.class)
            .because("tests move a clock or poll a condition with a deadline; they never sleep");

    @Test
    void mainCodeReadsTimeOnlyFromAClock() {
        NO_SYSTEM_TIME.check(CarillonClasses.main());
    }

    @Test
    void testsReadTimeOnlyFromAClock() {
        NO_SYSTEM_TIME.check(CarillonClasses.tests());
    }

    @Test
    void testsNeverSleep() {
        NO_SLEEP.check(CarillonClasses.tests());
    }
}
