package io.carillon.worker.spring;

import static io.carillon.worker.TestTriggers.terminal;
import static io.carillon.worker.TestTriggers.trigger;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.ClientConfigRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.DeclaredJob;
import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandler;
import io.carillon.worker.TestTriggers;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A Spring service with a {@code @JobHandler} bean runs triggers from the real broker, on the service's Clock, with a
 * non-daemon keep-alive thread for as long as the worker runs.
 */
class CarillonWorkerSpringIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Instant NOW = Instant.parse("2030-06-01T12:00:00Z");
    private static final String APP = "spring-demo";
    private static final String INSTANCE = "spring-1";

    static class Greeter {
        @JobHandler("greet")
        public String greet(JobContext context) {
            context.log("greeting " + context.params());
            return "hello " + context.params();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Service {
        @Bean
        Clock clock() {
            return Clock.fixed(NOW, ZoneOffset.UTC);
        }

        @Bean
        Greeter greeter() {
            return new Greeter();
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Test
    void theContextRunsTheWorkerAndClosesItWithATombstone() {
        AtomicReference<Thread> keepAlive = new AtomicReference<>();
        TopicCatalog catalog = TestKafka.newCatalog(2);
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        CarillonCoreAutoConfiguration.class,
                        CarillonWorkerAutoConfiguration.class,
                        WorkerMetricsAutoConfiguration.class))
                .withUserConfiguration(Service.class)
                .withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + catalog.prefix(),
                        "carillon.topics.partitions=2",
                        "carillon.worker.app=" + APP,
                        "carillon.worker.instance-id=" + INSTANCE,
                        "carillon.worker.heartbeat-interval=250ms");
        Trigger trigger = trigger(APP, "greet-job", "greet", "Ada");

        try (TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            runner.run(context -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(CarillonWorkerLifecycle.class).isRunning())
                        .isTrue();
                keepAlive.set(thread("carillon-" + APP + "-keep-alive"));
                assertThat(keepAlive.get())
                        .as("the thread that keeps a service without a web server up")
                        .isNotNull()
                        .satisfies(thread -> assertThat(thread.isDaemon()).isFalse());
                triggers.send(catalog.trigger(APP), trigger);

                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(terminal(results.values(), trigger.runId()))
                                .isNotNull());
                RunResult result = terminal(results.values(), trigger.runId());
                assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
                assertThat(result.message()).isEqualTo("hello Ada");
                assertThat(result.startedAt()).isEqualTo(NOW);
                MeterRegistry meters = context.getBean(MeterRegistry.class);
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(meters.get(RunMeters.RUNS)
                                        .tags("app", APP, "status", "SUCCEEDED")
                                        .counter()
                                        .count())
                                .isEqualTo(1));
                assertThat(meters.get(RunMeters.DURATION)
                                .tags("app", APP, "status", "SUCCEEDED")
                                .timer()
                                .count())
                        .isEqualTo(1);
                assertThat(meters.get(RunMeters.RUNS)
                                .tags("app", APP, "status", "FAILED")
                                .counter()
                                .count())
                        .isZero();
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(workers.values()).anySatisfy(beat -> {
                            assertThat(beat.instanceId()).isEqualTo(INSTANCE);
                            assertThat(beat.handlers()).containsExactly("greet");
                            assertThat(beat.partitions()).containsExactly(0, 1);
                            assertThat(beat.intervalMs()).isEqualTo(250);
                            assertThat(beat.sentAt()).isEqualTo(NOW);
                        }));
            });

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(workers.poll())
                            .filteredOn(record -> INSTANCE.equals(record.key()))
                            .last()
                            .extracting(ConsumerRecord::value)
                            .isNull());
        }
        await().atMost(DEADLINE).until(() -> !keepAlive.get().isAlive());
    }

    static class Reporter {
        @JobHandler("report")
        @DeclaredJob(id = "nightly-report", cron = "${report.cron}", zone = "Europe/Berlin", tags = "reports")
        public String report() {
            return "done";
        }
    }

    @Test
    void theDeclaredJobsArePublishedWithTheAppVersionAtStart() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
                .withBean(Reporter.class)
                .withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + catalog.prefix(),
                        "carillon.topics.partitions=1",
                        "carillon.worker.app=" + APP,
                        "carillon.worker.instance-id=" + INSTANCE,
                        "carillon.worker.app-version=3.1.4",
                        "report.cron=0 0 2 * * ?",
                        "carillon.worker.jobs.weekly-report.handler=report",
                        "carillon.worker.jobs.weekly-report.cron=0 0 3 ? * SUN");

        try (TopicReader<AppDeclarations> declarations =
                new TopicReader<>(catalog.declarations(), EventSerdes.DECLARATIONS)) {
            runner.run(context -> {
                assertThat(context).hasNotFailed();
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(declarations.poll())
                                .singleElement()
                                .satisfies(record -> {
                                    assertThat(record.key()).isEqualTo(APP);
                                    AppDeclarations declared = record.value();
                                    assertThat(declared.appVersion()).isEqualTo("3.1.4");
                                    assertThat(declared.instanceId()).isEqualTo(INSTANCE);
                                    assertThat(declared.jobs())
                                            .extracting(JobDefinition::id)
                                            .containsExactly("nightly-report", "weekly-report");
                                    assertThat(declared.jobs().get(0).schedule())
                                            .isEqualTo(Schedule.cron("0 0 2 * * ?", "Europe/Berlin"));
                                    assertThat(declared.jobs().get(1).handler()).isEqualTo("report");
                                }));
            });
        }
    }

    private static Thread thread(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(name))
                .findFirst()
                .orElse(null);
    }

    @Test
    void kafkaPropertiesReachEveryClientOfTheWorker() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        String marker = ClientConfigRecorder.newMarker();
        List<String> properties = new ArrayList<>(ClientConfigRecorder.carillonProperties(marker));
        properties.addAll(List.of(
                "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "carillon.topics.prefix=" + catalog.prefix(),
                "carillon.topics.partitions=1",
                "carillon.worker.app=" + APP,
                "carillon.worker.instance-id=" + INSTANCE));

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
                .withUserConfiguration(Service.class)
                .withPropertyValues(properties.toArray(String[]::new))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    String prefix = "carillon-worker-" + APP + "-" + INSTANCE + "-";
                    await().atMost(DEADLINE)
                            .untilAsserted(() -> assertThat(ClientConfigRecorder.configs(marker))
                                    .extracting(config -> config.get("client.id"))
                                    .contains(
                                            prefix + "consumer",
                                            prefix + "control",
                                            prefix + "producer",
                                            prefix + "logs"));
                    assertThat(ClientConfigRecorder.configs(marker))
                            .as("with the admin clients of the topic checks")
                            .hasSizeGreaterThanOrEqualTo(6)
                            .allSatisfy(config -> assertThat(config).containsEntry("reconnect.backoff.ms", "123"));
                });
    }
}
