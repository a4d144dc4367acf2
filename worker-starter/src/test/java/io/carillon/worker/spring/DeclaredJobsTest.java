package io.carillon.worker.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.WhenBusy;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.CarillonWorker;
import io.carillon.worker.DeclaredJob;
import io.carillon.worker.JobHandler;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

/** Jobs declared with {@code @DeclaredJob} and {@code carillon.worker.jobs.*}, and misdeclarations failing the start. */
class DeclaredJobsTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
            .withPropertyValues(
                    "carillon.topics.initialize=false",
                    "carillon.worker.auto-startup=false",
                    "carillon.worker.app=reports");

    static class Reports {
        @JobHandler("render")
        @DeclaredJob(
                id = "daily-report",
                cron = "${reports.cron}",
                zone = "Europe/Berlin",
                params = "{\"day\":1}",
                routing = "failover",
                blockStrategy = "DISCARD_LATER",
                timeout = "10m",
                retryAttempts = "3",
                retryBackoff = "30s",
                retryMultiplier = "2",
                retryMaxBackoff = "5m",
                misfire = "CATCH_UP",
                misfireThreshold = "1m",
                maxCatchUp = "5",
                children = "archive",
                jitter = "2s",
                alertConsecutive = "2",
                alertMissed = "false",
                alertOverrun = "true",
                alertMaxRuntime = "20m",
                alertFailureRate = "true",
                alertFailureRatePercent = "30",
                description = "the daily report",
                owner = "reports-team",
                tags = {"reports", "daily"})
        @DeclaredJob(id = "hourly-report", fixedRate = "1h")
        public void render() {}

        @JobHandler("archive")
        public void archive() {}
    }

    static class Billing {
        @JobHandler("bill")
        @DeclaredJob(
                id = "billing-run",
                cron = "0 0 2 * * ?",
                zone = "Europe/Berlin",
                skip = {"holidays-de", "company-days"},
                onlyOn = "business-days",
                misfireMaxLate = "10m",
                pauseAfterFailures = "3",
                concurrencyLimit = "warehouse-db",
                concurrencyWhenBusy = "skip")
        public void bill() {}
    }

    static class BadCron {
        @JobHandler("render")
        @DeclaredJob(id = "daily-report", cron = "0 0 25 * * ?")
        public void render() {}
    }

    static class TwoSchedules {
        @JobHandler("render")
        @DeclaredJob(id = "daily-report", cron = "0 0 6 * * ?", fixedDelay = "2h", timeout = "soon")
        public void render() {}
    }

    static class SameId {
        @JobHandler("render")
        @DeclaredJob(id = "report", fixedRate = "1h")
        public void render() {}

        @JobHandler("archive")
        @DeclaredJob(id = "report", fixedRate = "2h")
        public void archive() {}
    }

    static class NoHandler {
        @DeclaredJob(id = "report", fixedRate = "1h")
        public void render() {}
    }

    private static List<JobDefinition> declared(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(CarillonWorkerLifecycle.class).worker().declaredJobs();
    }

    private static String failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure())
                .getMessage();
    }

    @Test
    void theAnnotationDeclaresEveryFieldWithPlaceholdersResolved() {
        runner.withBean(Reports.class)
                .withPropertyValues("reports.cron=0 0 6 * * ?")
                .run(context -> {
                    Map<String, JobDefinition> jobs = byId(declared(context));
                    JobDefinition daily = jobs.get("daily-report");
                    assertThat(daily.app()).isEqualTo("reports");
                    assertThat(daily.handler()).isEqualTo("render");
                    assertThat(daily.schedule()).isEqualTo(Schedule.cron("0 0 6 * * ?", "Europe/Berlin"));
                    assertThat(daily.params()).isEqualTo("{\"day\":1}");
                    assertThat(daily.routing()).isEqualTo(RoutingStrategy.FAILOVER);
                    assertThat(daily.blockStrategy()).isEqualTo(BlockStrategy.DISCARD_LATER);
                    assertThat(daily.timeoutMs()).isEqualTo(600_000);
                    assertThat(daily.retry()).isEqualTo(new RetryPolicy(3, 30_000, 2, 300_000));
                    assertThat(daily.misfire()).isEqualTo(new MisfirePolicy(MisfireStrategy.CATCH_UP, 60_000, 5));
                    assertThat(daily.children()).containsExactly("archive");
                    assertThat(daily.jitterMs()).isEqualTo(2_000);
                    assertThat(daily.alerting())
                            .isEqualTo(new Alerting(
                                    null,
                                    2,
                                    null,
                                    false,
                                    null,
                                    null,
                                    null,
                                    true,
                                    1_200_000L,
                                    null,
                                    null,
                                    true,
                                    30,
                                    null,
                                    null));
                    assertThat(daily.description()).isEqualTo("the daily report");
                    assertThat(daily.owner()).isEqualTo("reports-team");
                    assertThat(daily.tags()).containsExactly("reports", "daily");
                    assertThat(daily.enabled()).isTrue();
                    assertThat(jobs.get("hourly-report").schedule()).isEqualTo(Schedule.fixedRate(3_600_000));
                    assertThat(context.getBean(CarillonWorkerLifecycle.class)
                                    .worker()
                                    .appVersion())
                            .isEqualTo("0");
                });
    }

    @Test
    void propertiesOverrideTheAnnotationAndDeclareJobsOfTheirOwn() {
        runner.withBean(Reports.class)
                .withPropertyValues(
                        "reports.cron=0 0 6 * * ?",
                        "carillon.worker.app-version=2.10.1",
                        "carillon.worker.jobs.daily-report.cron=0 30 7 * * ?",
                        "carillon.worker.jobs.daily-report.enabled=false",
                        "carillon.worker.jobs.cleanup.handler=archive",
                        "carillon.worker.jobs.cleanup.at=2030-01-01T00:00:00Z",
                        "carillon.worker.jobs.cleanup.tags=once,cleanup")
                .run(context -> {
                    CarillonWorker worker =
                            context.getBean(CarillonWorkerLifecycle.class).worker();
                    Map<String, JobDefinition> jobs = byId(declared(context));
                    assertThat(jobs.get("daily-report").schedule())
                            .isEqualTo(Schedule.cron("0 30 7 * * ?", "Europe/Berlin"));
                    assertThat(jobs.get("daily-report").enabled()).isFalse();
                    assertThat(jobs.get("daily-report").retry().maxAttempts()).isEqualTo(3);
                    JobDefinition cleanup = jobs.get("cleanup");
                    assertThat(cleanup.handler()).isEqualTo("archive");
                    assertThat(cleanup.schedule().type()).isEqualTo(ScheduleType.ONCE);
                    assertThat(cleanup.schedule().at()).isEqualTo(Instant.parse("2030-01-01T00:00:00Z"));
                    assertThat(cleanup.tags()).containsExactly("once", "cleanup");
                    assertThat(worker.appVersion()).isEqualTo("2.10.1");
                });
    }

    @Test
    void calendarsTheLateLimitThePauseAfterFailuresAndTheConcurrencyLimitAreDeclaredByAnnotationAndProperties() {
        runner.withBean(Billing.class)
                .withPropertyValues(
                        "carillon.worker.jobs.nightly-sync.handler=bill",
                        "carillon.worker.jobs.nightly-sync.fixed-rate=1h",
                        "carillon.worker.jobs.nightly-sync.skip=maintenance",
                        "carillon.worker.jobs.nightly-sync.misfire-max-late=30s",
                        "carillon.worker.jobs.nightly-sync.pause-after-failures=5",
                        "carillon.worker.jobs.nightly-sync.concurrency.limit=ledger",
                        "carillon.worker.jobs.nightly-sync.concurrency.when-busy=FAIL")
                .run(context -> {
                    Map<String, JobDefinition> jobs = byId(declared(context));
                    JobDefinition billing = jobs.get("billing-run");
                    assertThat(billing.schedule().skip()).containsExactly("holidays-de", "company-days");
                    assertThat(billing.schedule().onlyOn()).isEqualTo("business-days");
                    assertThat(billing.misfire().maxLateMs()).isEqualTo(600_000);
                    assertThat(billing.pauseAfterFailures()).isEqualTo(3);
                    JobDefinition sync = jobs.get("nightly-sync");
                    assertThat(sync.schedule().skip()).containsExactly("maintenance");
                    assertThat(sync.schedule().onlyOn()).isNull();
                    assertThat(sync.misfire().maxLateMs()).isEqualTo(30_000);
                    assertThat(sync.pauseAfterFailures()).isEqualTo(5);
                    assertThat(billing.concurrency()).isEqualTo(new Concurrency("warehouse-db", WhenBusy.SKIP));
                    assertThat(sync.concurrency()).isEqualTo(new Concurrency("ledger", WhenBusy.FAIL));
                });
    }

    @Test
    void aBadLimitIdFailsNamingTheAttribute() {
        runner.withBean(Billing.class)
                .withPropertyValues("carillon.worker.jobs.billing-run.concurrency.limit=Warehouse DB")
                .run(context -> assertThat(failure(context))
                        .contains("@DeclaredJob(id = \"billing-run\")")
                        .contains("concurrencyLimit: 'Warehouse DB' is not a valid limit id"));
    }

    @Test
    void theAppVersionDefaultsToTheApplicationVersion() {
        runner.withPropertyValues("spring.application.version=1.4.0").run(context -> {
            assertThat(declared(context)).isEmpty();
            assertThat(context.getBean(CarillonWorkerLifecycle.class).worker().appVersion())
                    .isEqualTo("1.4.0");
        });
    }

    @Test
    void anInvalidCronFailsNamingTheMethodAndTheAttribute() {
        runner.withBean(BadCron.class)
                .run(context -> assertThat(failure(context))
                        .contains("@DeclaredJob(id = \"daily-report\") on " + BadCron.class.getName() + ".render()")
                        .contains("cron: ")
                        .contains("0 0 25 * * ?"));
    }

    @Test
    void anUnresolvablePlaceholderFailsNamingTheAttribute() {
        runner.withBean(Reports.class)
                .run(context -> assertThat(failure(context))
                        .contains("@DeclaredJob(id = \"daily-report\")")
                        .contains("cron: '${reports.cron}' cannot be resolved"));
    }

    @Test
    void twoSchedulesAndABadDurationFailNamingBoth() {
        runner.withBean(TwoSchedules.class)
                .run(context -> assertThat(failure(context))
                        .contains(TwoSchedules.class.getName() + ".render()")
                        .contains("fixedDelay: is set together with cron")
                        .contains("timeout: 'soon' is not a duration"));
    }

    @Test
    void oneIdDeclaredTwiceFailsNamingBothMethods() {
        runner.withBean(SameId.class)
                .run(context -> assertThat(failure(context))
                        .contains("job 'report' is declared twice")
                        .contains(SameId.class.getName() + ".render()")
                        .contains(SameId.class.getName() + ".archive()"));
    }

    @Test
    void aHandlerThatIsNotOneOfThisAppsFailsNamingIt() {
        runner.withBean(Reports.class)
                .withPropertyValues(
                        "reports.cron=0 0 6 * * ?",
                        "carillon.worker.jobs.invoices.handler=send-invoices",
                        "carillon.worker.jobs.invoices.fixed-rate=1h")
                .run(context -> assertThat(failure(context))
                        .contains("carillon.worker.jobs.invoices: handler: 'send-invoices' is not a handler of app"
                                + " 'reports'; its handlers are [archive, render]"));
    }

    @Test
    void aJobDeclaredInConfigurationWithoutHandlerFails() {
        runner.withPropertyValues("carillon.worker.jobs.invoices.fixed-rate=1h")
                .run(context ->
                        assertThat(failure(context)).contains("carillon.worker.jobs.invoices: handler: is required"));
    }

    @Test
    void aDeclarationOnAMethodThatIsNoHandlerFails() {
        runner.withBean(NoHandler.class)
                .run(context -> assertThat(failure(context))
                        .contains("@DeclaredJob on " + NoHandler.class.getName() + ".render()")
                        .contains("the method is no @JobHandler"));
    }

    private static Map<String, JobDefinition> byId(List<JobDefinition> jobs) {
        return jobs.stream().collect(java.util.stream.Collectors.toMap(JobDefinition::id, job -> job));
    }
}
