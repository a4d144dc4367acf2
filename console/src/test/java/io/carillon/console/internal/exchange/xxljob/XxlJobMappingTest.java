package io.carillon.console.internal.exchange.xxljob;

import static io.carillon.console.internal.exchange.xxljob.XxlJobRows.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class XxlJobMappingTest {

    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
    private static final XxlJobGroup SAMPLE = new XxlJobGroup(1, "xxl-job-executor-sample", "Sample", false);
    private final XxlJobMapping mapping = new XxlJobMapping(SHANGHAI);

    @Test
    void mapsEveryFieldOfABeanJob() {
        XxlJobRows row = job(7);
        row.description = "nightly report";
        row.author = "ann";
        row.params = "{\"day\":\"yesterday\"}";
        row.route = "SHARDING_BROADCAST";
        row.block = "COVER_EARLY";
        row.misfire = "FIRE_ONCE_NOW";
        row.timeoutSeconds = 30;
        row.retryCount = 3;
        row.children = "8";

        JobDefinition job =
                only(plan(row.build(), job(8).handler("child").build()).jobs().get(0));

        assertThat(job)
                .isEqualTo(JobDefinition.builder("xxl-7-demo-job-handler")
                        .app("xxl-job-executor-sample")
                        .handler("demoJobHandler")
                        .description("nightly report")
                        .owner("ann")
                        .schedule(Schedule.cron("0 0 2 * * ?", "Asia/Shanghai"))
                        .enabled(true)
                        .params("{\"day\":\"yesterday\"}")
                        .routing(RoutingStrategy.SHARDING_BROADCAST)
                        .blockStrategy(BlockStrategy.COVER_EARLY)
                        .misfire(new MisfirePolicy(
                                MisfireStrategy.FIRE_ONCE_NOW,
                                MisfirePolicy.DEFAULT_THRESHOLD_MS,
                                MisfirePolicy.DEFAULT_MAX_CATCH_UP))
                        .timeoutMs(30_000)
                        .retry(new RetryPolicy(4, 0, 1, 0))
                        .children(List.of("xxl-8-child"))
                        .build());
    }

    @Test
    void mapsAStoppedJobWithoutTimeoutOrRetryToDefaults() {
        XxlJobRows row = job(1);
        row.triggerStatus = 0;
        row.author = " ";
        row.params = "";

        JobDefinition job = only(plan(row.build()).jobs().get(0));

        assertThat(job.enabled()).isFalse();
        assertThat(job.owner()).isNull();
        assertThat(job.params()).isNull();
        assertThat(job.timeoutMs()).isZero();
        assertThat(job.retry()).isEqualTo(RetryPolicy.none());
    }

    @Test
    void mapsFixRateSecondsAndNone() {
        ImportPlan plan = plan(
                job(1).schedule("FIX_RATE", "30").build(),
                job(2).schedule("NONE", null).build());

        assertThat(only(plan.jobs().get(0)).schedule()).isEqualTo(Schedule.fixedRate(30_000));
        assertThat(only(plan.jobs().get(1)).schedule()).isEqualTo(Schedule.none());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0 0/5 * * * ?",
                "0 15 10 ? * MON-FRI",
                "0 0 12 L * ?",
                "0 0 0 ? * 6#3",
                "0 0 2 * * ? 2030",
                "0 0 10,14,16 * * ?",
                "*/10 * * * * ?",
                "0 0 0 LW * ?"
            })
    void acceptsQuartzCronsAsTheValidatorDoes(String cron) {
        assertThat(plan(job(1).schedule("CRON", cron).build()).jobs().get(0).skipReason())
                .isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            CRON      | 0 0 25 * * ?  | schedule.cron: '0 0 25 * * ?' is not a valid cron expression
            CRON      |               | schedule.cron: is required for a CRON schedule
            FIX_RATE  | soon          | schedule_conf 'soon' is not a positive number of seconds
            FIX_RATE  | 0             | schedule_conf '0' is not a positive number of seconds
            API       | x             | schedule type 'API' has no Carillon equivalent""")
    void skipsSchedulesCarillonCannotTake(String type, String conf, String reason) {
        PlannedJob planned = plan(job(1).schedule(type, conf).build()).jobs().get(0);

        assertThat(planned.skipped()).isTrue();
        assertThat(planned.skipReason()).startsWith(reason);
    }

    @ParameterizedTest
    @CsvSource({
        "FIRST, FIRST",
        "LAST, LAST",
        "ROUND, ROUND_ROBIN",
        "RANDOM, RANDOM",
        "CONSISTENT_HASH, CONSISTENT_HASH",
        "LEAST_FREQUENTLY_USED, LEAST_FREQUENTLY_USED",
        "LEAST_RECENTLY_USED, LEAST_RECENTLY_USED",
        "FAILOVER, FAILOVER",
        "BUSYOVER, BUSYOVER",
        "SHARDING_BROADCAST, SHARDING_BROADCAST"
    })
    void mapsEveryRouteStrategy(String xxlJob, RoutingStrategy carillon) {
        assertThat(only(plan(job(1).route(xxlJob).build()).jobs().get(0)).routing())
                .isEqualTo(carillon);
    }

    @ParameterizedTest
    @CsvSource({
        "SERIAL_EXECUTION, SERIAL",
        "DISCARD_LATER, DISCARD_LATER",
        "COVER_EARLY, COVER_EARLY",
        "CONCURRENT_EXECUTION, PARALLEL"
    })
    void mapsEveryBlockStrategy(String xxlJob, BlockStrategy carillon) {
        assertThat(only(plan(job(1).block(xxlJob).build()).jobs().get(0)).blockStrategy())
                .isEqualTo(carillon);
    }

    @ParameterizedTest
    @CsvSource({"DO_NOTHING, DO_NOTHING", "FIRE_ONCE_NOW, FIRE_ONCE_NOW"})
    void mapsEveryMisfireStrategy(String xxlJob, MisfireStrategy carillon) {
        assertThat(only(plan(job(1).misfire(xxlJob).build()).jobs().get(0))
                        .misfire()
                        .strategy())
                .isEqualTo(carillon);
    }

    @Test
    void notesStrategiesItDoesNotKnowAndUsesTheDefault() {
        PlannedJob planned =
                plan(job(1).route("NEAREST").block("QUEUE").build()).jobs().get(0);

        assertThat(only(planned).routing()).isEqualTo(RoutingStrategy.ROUND_ROBIN);
        assertThat(only(planned).blockStrategy()).isEqualTo(BlockStrategy.SERIAL);
        assertThat(planned.notes())
                .containsExactly(
                        "route strategy 'NEAREST' has no Carillon equivalent; ROUND_ROBIN is used",
                        "block strategy 'QUEUE' has no Carillon equivalent; SERIAL is used");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GLUE_GROOVY", "GLUE_SHELL", "GLUE_PYTHON", "GLUE_NODEJS", "GLUE_POWERSHELL", "GLUE_PHP"})
    void skipsGlueJobsWithTheReason(String glueType) {
        PlannedJob planned = plan(job(1).glue(glueType).build()).jobs().get(0);

        assertThat(planned.skipReason())
                .startsWith(glueType + " job: its code is kept and run by xxl-job")
                .contains("@JobHandler");
    }

    @Test
    void skipsJobsWithoutHandlerOrExecutor() {
        ImportPlan plan = plan(job(1).handler(" ").build(), job(2).group(99).build());

        assertThat(plan.jobs())
                .extracting(PlannedJob::skipReason)
                .containsExactly(
                        "it has no JobHandler", "its executor (group 99) is missing or has no usable app name");
    }

    @Test
    void leavesOutChildrenThatAreMissingOrSkippedAndSaysSo() {
        ImportPlan plan = plan(
                job(1).children("2, 3,9,x,2").build(),
                job(2).handler("next").build(),
                job(3).glue("GLUE_SHELL").build());

        PlannedJob parent = plan.jobs().get(0);
        assertThat(only(parent).children()).containsExactly("xxl-2-next");
        assertThat(parent.notes())
                .containsExactly(
                        "child job 3 is skipped; it is left out of children",
                        "child job '9' does not exist in xxl-job; it is left out of children",
                        "child job 'x' does not exist in xxl-job; it is left out of children");
    }

    @Test
    void leavesOutAChildWhoseScheduleIsRefused() {
        ImportPlan plan = plan(
                job(1).children("2").build(),
                job(2).schedule("CRON", "every day").build());

        assertThat(only(plan.jobs().get(0)).children()).isEmpty();
        assertThat(plan.jobs().get(0).notes()).containsExactly("child job 2 is skipped; it is left out of children");
    }

    @Test
    void notesTheAlarmEmailItDoesNotImport() {
        XxlJobRows row = job(1);
        row.alarmEmail = "ops@example.com";

        assertThat(plan(row.build()).jobs().get(0).notes())
                .containsExactly("alarm email 'ops@example.com' is not"
                        + " imported: set up the console's incident notifications instead");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            12 | demoJobHandler         | xxl-12-demo-job-handler
            12 | shardingJobHandler2    | xxl-12-sharding-job-handler2
            12 | HTTP_JobHandler        | xxl-12-http_job-handler
            12 | 报表任务                | xxl-12
            12 | __report..daily        | xxl-12-report..daily""")
    void derivesStableJobIdsFromIdAndHandler(int id, String handler, String expected) {
        assertThat(XxlJobMapping.jobId(job(id).handler(handler).build())).isEqualTo(expected);
    }

    @Test
    void cutsLongJobIdsTo128Characters() {
        String id = XxlJobMapping.jobId(job(123).handler("a".repeat(300)).build());

        assertThat(id).hasSize(128).startsWith("xxl-123-aaa");
    }

    @Test
    void slugsAppNamesAndNotesRenamesClashesAndManualAddresses() {
        List<XxlJobGroup> groups = List.of(
                new XxlJobGroup(1, "Order_Service", "Orders", true),
                new XxlJobGroup(2, "order_service", "Orders again", false),
                new XxlJobGroup(3, "订单", "No latin", false));
        ImportPlan plan = mapping.plan(new XxlJobExport(
                groups,
                List.of(
                        job(1).group(1).build(),
                        job(2).group(2).build(),
                        job(3).group(3).build())));

        assertThat(plan.jobs())
                .extracting(planned ->
                        planned.skipped() ? null : planned.definition().app())
                .containsExactly("order_service", "order_service-2", null);
        assertThat(plan.appNotes())
                .containsExactly(
                        "executor 'Order_Service' (group 1) is app 'order_service': Carillon app names are 1 to 100 of a-z,"
                                + " 0-9, '.', '_', '-'; set carillon.worker.app=order_service in its worker",
                        "executor 'Order_Service' lists its addresses by hand; they are not imported: Carillon workers join"
                                + " their app by themselves",
                        "executor 'order_service' (group 2) is app 'order_service-2': Carillon app names are 1 to 100 of"
                                + " a-z, 0-9, '.', '_', '-'; set carillon.worker.app=order_service-2 in its worker",
                        "executor '订单' (group 3) has no letter or digit to name a Carillon app; its jobs are skipped");
    }

    private ImportPlan plan(XxlJobInfo... jobs) {
        return mapping.plan(new XxlJobExport(List.of(SAMPLE), List.of(jobs)));
    }

    private static JobDefinition only(PlannedJob planned) {
        assertThat(planned.skipReason()).isNull();
        return planned.definition();
    }
}
