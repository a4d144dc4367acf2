package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.internal.exchange.xxljob.XxlJobImportCommand;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The {@code import-xxl-job} command against a real MariaDB loaded with xxl-job 3.4.0's tables and sample jobs
 * covering every mapping, writing into a running console (real PostgreSQL and Kafka): a dry run changes nothing,
 * the import creates the jobs with their audit rows and the console publishes them, a second import finds them all;
 * and the columns of xxl-job 2.0 to 2.2 ({@code job_cron}) and of its main branch after 3.4.0 ({@code name}).
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class XxlJobImportIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String ACTOR = "system (xxl-job import)";
    private static final String ZONE = "Asia/Shanghai";
    private static final List<String> CREATED =
            List.of("xxl-1-demo-job-handler", "xxl-2-sharding-job-handler", "xxl-3-order-sync", "xxl-7-archive-orders");
    private static final String EXISTING = "xxl-6-http-job-handler";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JobService jobs;

    @Autowired
    JdbcClient jdbc;

    XxlJobDatabase xxlJob;

    @BeforeAll
    void xxlJobDatabaseAndAnExistingJob() {
        xxlJob = new XxlJobDatabase("/xxl-job/tables_xxl_job.sql", "/xxl-job/sample_jobs.sql");
        new ApiClient(port).post("/api/v1/jobs", """
                {"id": "%s", "app": "partner", "handler": "ping", "schedule": {"type": "NONE"}}""".formatted(EXISTING));
    }

    @AfterAll
    void dropXxlJobDatabase() {
        xxlJob.close();
    }

    @Test
    @Order(1)
    void dryRunPrintsThePlanAndChangesNothing() {
        Run run = importXxlJob("--dry-run");

        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains(
                        "xxl-job import from " + xxlJob.jdbcUrl() + ": 2 executors, 7 jobs, crons in zone " + ZONE
                                + " (dry run)",
                        "app     executor 'Order_Service' (group 2) is app 'order_service': Carillon app names are 1 to 100"
                                + " of a-z, 0-9, '.', '_', '-'; set carillon.worker.app=order_service in its worker",
                        "would create xxl-1-demo-job-handler <- xxl-job 1 'Nightly report' [app xxl-job-executor-sample,"
                                + " handler demoJobHandler, cron '0 0 2 * * ?' Asia/Shanghai]",
                        "dry run, nothing changed: 4 would create, 1 exists, 2 skipped");
        assertThat(jobIds()).containsExactly(EXISTING);
        assertThat(importAuditRows()).isEmpty();
    }

    @Test
    @Order(2)
    void importCreatesEveryMappableJobThroughTheOutboxAndAuditsIt() {
        Run run = importXxlJob();

        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("done: 4 created, 1 exists, 2 skipped");
        assertThat(run.out())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("skipped      xxl-job 4 'Clean temp"
                                + " files': GLUE_SHELL job: its code is kept and run by xxl-job"));
        assertThat(run.out())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("skipped      xxl-job 5 'Broken cron':"
                                + " schedule.cron: '0 0 25 * * ?' is not a valid cron expression"));
        assertThat(run.out())
                .contains("exists       " + EXISTING + " <- xxl-job 6 'Call the partner API' [app"
                        + " xxl-job-executor-sample, handler httpJobHandler, cron '0 15 10 ? * MON-FRI' Asia/Shanghai]: a job"
                        + " with this id exists; it is left unchanged");
        assertThat(jobIds()).containsExactlyInAnyOrderElementsOf(concat(CREATED, EXISTING));

        assertThat(jobs.find("xxl-1-demo-job-handler"))
                .contains(JobDefinition.builder("xxl-1-demo-job-handler")
                        .app("xxl-job-executor-sample")
                        .handler("demoJobHandler")
                        .description("Nightly report")
                        .owner("ann")
                        .schedule(Schedule.cron("0 0 2 * * ?", ZONE))
                        .enabled(true)
                        .params("{\"day\":\"yesterday\"}")
                        .routing(RoutingStrategy.FIRST)
                        .blockStrategy(BlockStrategy.SERIAL)
                        .misfire(misfire(MisfireStrategy.DO_NOTHING))
                        .timeoutMs(30_000)
                        .retry(new RetryPolicy(3, 0, 1, 0))
                        .children(List.of("xxl-2-sharding-job-handler", "xxl-3-order-sync"))
                        .version(1)
                        .build());
        assertThat(jobs.find("xxl-2-sharding-job-handler"))
                .contains(JobDefinition.builder("xxl-2-sharding-job-handler")
                        .app("xxl-job-executor-sample")
                        .handler("shardingJobHandler")
                        .description("Shard the index")
                        .owner("bob")
                        .schedule(Schedule.fixedRate(30_000))
                        .enabled(false)
                        .routing(RoutingStrategy.SHARDING_BROADCAST)
                        .blockStrategy(BlockStrategy.DISCARD_LATER)
                        .misfire(misfire(MisfireStrategy.FIRE_ONCE_NOW))
                        .version(1)
                        .build());
        assertThat(jobs.find("xxl-3-order-sync"))
                .contains(JobDefinition.builder("xxl-3-order-sync")
                        .app("order_service")
                        .handler("orderSync")
                        .description("Sync orders")
                        .owner("cho")
                        .schedule(Schedule.none())
                        .enabled(false)
                        .params("full")
                        .routing(RoutingStrategy.ROUND_ROBIN)
                        .blockStrategy(BlockStrategy.COVER_EARLY)
                        .misfire(misfire(MisfireStrategy.DO_NOTHING))
                        .timeoutMs(600_000)
                        .version(1)
                        .build());
        assertThat(jobs.find("xxl-7-archive-orders").orElseThrow().routing()).isEqualTo(RoutingStrategy.ROUND_ROBIN);
        assertThat(jobs.find(EXISTING).orElseThrow().handler()).isEqualTo("ping");

        assertThat(importAuditRows())
                .containsExactlyInAnyOrderElementsOf(
                        CREATED.stream().map(id -> "JOB_CREATE " + id).toList());
        try (TopicReader<JobDefinition> topic =
                new TopicReader<>(environment.catalog.jobs(), EventSerdes.JOB.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(topic.values().stream().map(JobDefinition::id))
                            .containsAll(CREATED));
        }
    }

    @Test
    @Order(3)
    void aSecondImportFindsEveryJobAndChangesNothing() {
        Run run = importXxlJob();

        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("done: 5 exists, 2 skipped");
        assertThat(importAuditRows()).hasSize(CREATED.size());
    }

    @Test
    @Order(4)
    void refusesAWrongCommandLineAMissingDatabaseAndAConsoleDatabaseWithoutTheSchema() {
        Run usage = run("--dry-run");
        assertThat(usage.status()).isEqualTo(2);
        assertThat(usage.err()).startsWith("--jdbc-url is required").contains("usage: java -jar");

        Run missing = run("--jdbc-url", xxlJob.jdbcUrl() + "_missing?password=secret", "--jdbc-user", "root");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.err())
                .startsWith("cannot read the xxl-job database at " + xxlJob.jdbcUrl() + "_missing?...: ")
                .doesNotContain("secret");

        try (TestDatabase empty = TestDatabase.create()) {
            Run unmigrated = run(
                    "--jdbc-url",
                    xxlJob.jdbcUrl(),
                    "--jdbc-user",
                    "root",
                    "--spring.datasource.url=" + empty.jdbcUrl(),
                    "--spring.datasource.username=" + empty.username(),
                    "--spring.datasource.password=" + empty.password());
            assertThat(unmigrated.status()).isEqualTo(1);
            assertThat(unmigrated.err())
                    .startsWith("cannot use the console's database (start this console's"
                            + " version on it once first): Validate failed");
        }
    }

    @ParameterizedTest
    @Order(5)
    @CsvSource(delimiter = '|', textBlock = """
            tables_xxl_job_2.2.sql  | xxl-1-legacy-handler <- xxl-job 1 'Legacy nightly' [app legacy-app, handler legacyHandler, cron '0 30 1 * * ?' Asia/Shanghai]
            tables_xxl_job_main.sql | xxl-1-newer-handler <- xxl-job 1 'Newer nightly' [app newer-app, handler newerHandler, cron '0 45 1 * * ?' Asia/Shanghai]""")
    void readsTheColumnsOfOlderAndNewerSchemas(String schema, String plannedJob) {
        try (XxlJobDatabase other = new XxlJobDatabase("/xxl-job/" + schema)) {
            Run run = importXxlJob(other, "--dry-run");

            assertThat(run.status()).isZero();
            assertThat(run.out()).contains("would create " + plannedJob);
        }
    }

    private Run importXxlJob(String... extra) {
        return importXxlJob(xxlJob, extra);
    }

    private Run importXxlJob(XxlJobDatabase source, String... extra) {
        List<String> arguments = new ArrayList<>(List.of(
                "--jdbc-url",
                source.jdbcUrl(),
                "--jdbc-user",
                XxlJobDatabase.USER,
                "--zone",
                ZONE,
                "--spring.datasource.url=" + environment.database.jdbcUrl(),
                "--spring.datasource.username=" + environment.database.username(),
                "--spring.datasource.password=" + environment.database.password()));
        arguments.addAll(List.of(extra));
        return run(arguments.toArray(String[]::new));
    }

    private static Run run(String... arguments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = XxlJobImportCommand.run(
                arguments,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(
                status, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    private List<String> jobIds() {
        return jdbc.sql("SELECT id FROM jobs ORDER BY id").query(String.class).list();
    }

    private List<String> importAuditRows() {
        return jdbc.sql("SELECT action || ' ' || target FROM audit_log WHERE actor = :actor ORDER BY id")
                .param("actor", ACTOR)
                .query(String.class)
                .list();
    }

    private static MisfirePolicy misfire(MisfireStrategy strategy) {
        return new MisfirePolicy(strategy, MisfirePolicy.DEFAULT_THRESHOLD_MS, MisfirePolicy.DEFAULT_MAX_CATCH_UP);
    }

    private static List<String> concat(List<String> ids, String id) {
        List<String> all = new ArrayList<>(ids);
        all.add(id);
        return all;
    }

    private record Run(int status, List<String> out, String err) {}
}
