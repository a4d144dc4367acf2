package io.carillon.worker.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.TimeWindow;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.JobHandler;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

/**
 * Calendars and concurrency limits declared with {@code carillon.worker.calendars.*} and
 * {@code carillon.worker.limits.*} and as beans, and misdeclarations failing the start naming the property.
 */
class DeclaredCalendarsAndLimitsTest {

    private static final String C = "carillon.worker.calendars.holidays-de.";
    private static final String L = "carillon.worker.limits.ledger-db.";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
            .withPropertyValues(
                    "carillon.topics.initialize=false",
                    "carillon.worker.auto-startup=false",
                    "carillon.worker.app=billing")
            .withBean(Handlers.class);

    static class Handlers {
        @JobHandler("invoice")
        public void invoice() {}
    }

    private static io.carillon.worker.CarillonWorker worker(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(CarillonWorkerLifecycle.class).worker();
    }

    private static String failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure())
                .getMessage();
    }

    @Test
    void propertiesDeclareACalendarWithDaysRangesWeekdaysAndTimes() {
        runner.withPropertyValues(
                        C + "description=Feiertage",
                        C + "zone=Europe/Berlin",
                        C + "dates=2026-12-25,2026-12-26",
                        C + "ranges[0]=2026-12-28..2026-12-31",
                        C + "weekdays=SAT,sunday",
                        C + "times[0]=22:00-06:00")
                .run(context -> assertThat(worker(context).declaredCalendars())
                        .containsExactly(Calendar.named("holidays-de", "Europe/Berlin")
                                .withDescription("Feiertage")
                                .withDates(List.of(LocalDate.parse("2026-12-25"), LocalDate.parse("2026-12-26")))
                                .withRanges(List.of(
                                        new DateRange(LocalDate.parse("2026-12-28"), LocalDate.parse("2026-12-31"))))
                                .withWeekdays(List.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY))
                                .withTimes(List.of(new TimeWindow(LocalTime.of(22, 0), LocalTime.of(6, 0))))));
    }

    @Test
    void propertiesAndBeansDeclareLimits() {
        runner.withPropertyValues(L + "max=4", L + "description=the ledger takes four")
                .withBean("reportsDb", ConcurrencyLimit.class, () -> ConcurrencyLimit.of("reports-db", 2))
                .run(context -> assertThat(worker(context).declaredLimits())
                        .containsExactly(
                                ConcurrencyLimit.of("ledger-db", 4).withDescription("the ledger takes four"),
                                ConcurrencyLimit.of("reports-db", 2)));
    }

    @Test
    void aCalendarBeanIsDeclared() {
        runner.withBean(
                        "weekend",
                        Calendar.class,
                        () -> Calendar.named("weekend", null)
                                .withWeekdays(List.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY)))
                .run(context -> assertThat(worker(context).declaredCalendars())
                        .extracting(Calendar::id)
                        .containsExactly("weekend"));
    }

    @Test
    void aWrongDayOrWindowFailsTheStartNamingTheProperty() {
        runner.withPropertyValues(
                        C + "dates=2026-12-25,2026-13-01", C + "times[0]=22:00 to 06:00", C + "zone=Mars/Base")
                .run(context -> assertThat(failure(context))
                        .contains(C + "dates[1]: '2026-13-01' is not a date: write 2026-12-25")
                        .contains(C + "times[0]: '22:00 to 06:00' is not a window of the day: write 22:00-06:00"));
        runner.withPropertyValues(C + "zone=Mars/Base")
                .run(context ->
                        assertThat(failure(context)).contains(C + "zone: 'Mars/Base' is not a known time zone"));
    }

    @Test
    void aLimitWithoutMaxOrWithTooLargeAMaxFailsTheStart() {
        runner.withPropertyValues(L + "description=no max")
                .run(context -> assertThat(failure(context)).contains(L + "max: is required"));
        runner.withPropertyValues(L + "max=0")
                .run(context -> assertThat(failure(context)).contains(L + "max:"));
    }

    @Test
    void anIdDeclaredByAPropertyAndABeanFailsTheStart() {
        runner.withPropertyValues(L + "max=4")
                .withBean("ledger", ConcurrencyLimit.class, () -> ConcurrencyLimit.of("ledger-db", 3))
                .run(context -> assertThat(failure(context))
                        .contains("limit 'ledger-db' is declared twice: by " + L.substring(0, L.length() - 1)
                                + " and by the ConcurrencyLimit bean 'ledger'"));
    }
}
