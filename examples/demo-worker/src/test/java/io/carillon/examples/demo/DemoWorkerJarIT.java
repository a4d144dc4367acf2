package io.carillon.examples.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The example worker service as a user runs it, {@code java -jar carillon-demo-worker.jar}, in a child JVM against
 * the test broker: a Spring Boot service without a web server stays up while its worker runs, runs a job, and on
 * SIGTERM lets its running job finish within the shutdown grace, says so in its log, and exits. Runs in Maven's
 * integration-test phase, after the jar is packaged.
 */
class DemoWorkerJarIT {

    private static final Path JAR = Path.of("target", "carillon-demo-worker.jar");
    private static final String APP = "demo";
    private static final String INSTANCE = "demo-jar-1";
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration STAYS_UP = Duration.ofSeconds(3);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);
    /** What the JVM adds to the grace: closing the Kafka clients and the context. */
    private static final Duration SHUTDOWN_MARGIN = Duration.ofSeconds(10);

    private static final long SLEEP_MS = 2_000;
    /** The exit status of a JVM ended by SIGTERM: 128 + 15. */
    private static final int SIGTERM_EXIT = 143;

    private final Clock clock = Clock.systemUTC();
    private Process child;

    @AfterEach
    void tearDown() throws InterruptedException {
        if (child != null && child.isAlive()) {
            child.destroyForcibly().waitFor();
        }
    }

    @Test
    void theJarStaysUpRunsAJobAndStopsOnSigtermWithinItsGrace() throws Exception {
        assertThat(JAR).as("the packaged example worker (mvn package)").exists();
        TopicCatalog catalog = TestKafka.newCatalog(2);
        Path log = Path.of("target", "demo-worker-jar-" + catalog.prefix() + "log");
        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT);
                KafkaProducer<String, byte[]> producer = producer()) {
            child = new ProcessBuilder(
                            java(),
                            "-Xmx256m",
                            "-jar",
                            JAR.toString(),
                            "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                            "--carillon.topics.prefix=" + catalog.prefix(),
                            "--carillon.topics.partitions=2",
                            "--carillon.worker.instance-id=" + INSTANCE,
                            "--carillon.worker.heartbeat-interval=250ms",
                            "--carillon.worker.shutdown-grace=" + SHUTDOWN_GRACE.toSeconds() + "s")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();

            await("the worker's first heartbeat")
                    .atMost(DEADLINE)
                    .until(() -> workers.values().stream()
                            .anyMatch(beat -> beat != null
                                    && INSTANCE.equals(beat.instanceId())
                                    && beat.partitions().size() == 2));
            await("the service stays up")
                    .during(STAYS_UP)
                    .atMost(STAYS_UP.plusSeconds(2))
                    .until(child::isAlive);

            Trigger echo = trigger(APP, "echo-job", "echo-1", "echo", "hello");
            send(producer, catalog.trigger(APP), echo);
            await("the echo job's result").atMost(DEADLINE).until(() -> terminal(results.values(), echo) != null);
            assertThat(terminal(results.values(), echo).status()).isEqualTo(RunStatus.SUCCEEDED);

            Trigger sleep = trigger(APP, "sleep-job", "sleep-1", "sleep", String.valueOf(SLEEP_MS));
            send(producer, catalog.trigger(APP), sleep);
            await("the sleep job started")
                    .atMost(DEADLINE)
                    .until(() -> results.values().stream()
                            .anyMatch(result -> result.runId().equals(sleep.runId())
                                    && result.status() == RunStatus.STARTED
                                    && result.startedAt() != null));
            Instant sigterm = clock.instant();
            child.destroy();
            boolean exited = child.waitFor(SHUTDOWN_GRACE.plus(SHUTDOWN_MARGIN).toMillis(), TimeUnit.MILLISECONDS);
            Duration stopping = Duration.between(sigterm, clock.instant());

            assertThat(exited)
                    .as("exited within the grace plus %s; log:%n%s", SHUTDOWN_MARGIN, read(log))
                    .isTrue();
            assertThat(child.exitValue()).isEqualTo(SIGTERM_EXIT);
            assertThat(stopping).isLessThan(SHUTDOWN_GRACE.plus(SHUTDOWN_MARGIN));
            await("the running job finished within the grace")
                    .atMost(DEADLINE)
                    .until(() -> terminal(results.values(), sleep) != null);
            assertThat(terminal(results.values(), sleep).status()).isEqualTo(RunStatus.SUCCEEDED);
            await("the heartbeat tombstone")
                    .atMost(DEADLINE)
                    .until(() -> workers.poll().stream()
                            .filter(record -> INSTANCE.equals(record.key()))
                            .reduce((first, second) -> second)
                            .map(record -> record.value() == null)
                            .orElse(false));
            assertThat(read(log))
                    .contains("worker " + INSTANCE + " of app " + APP + " shutting down: 1 running and 0 waiting runs"
                            + " get up to " + SHUTDOWN_GRACE.toMillis() + " ms to finish")
                    .contains("worker " + INSTANCE + " of app " + APP + " stopped");
        }
    }

    private static String java() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElseGet(() ->
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private Trigger trigger(String app, String jobId, String name, String handler, String params) {
        Instant due = clock.instant();
        return new Trigger(
                Trigger.SCHEMA_VERSION,
                FireIds.runId(name, 0),
                name,
                jobId,
                app,
                handler,
                params,
                FireKind.MANUAL,
                1,
                due,
                due,
                0,
                1,
                BlockStrategy.PARALLEL,
                0,
                null,
                null);
    }

    private static RunResult terminal(List<RunResult> results, Trigger trigger) {
        return results.stream()
                .filter(Objects::nonNull)
                .filter(result -> result.runId().equals(trigger.runId())
                        && result.status().isTerminal())
                .findFirst()
                .orElse(null);
    }

    private static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    private static void send(KafkaProducer<String, byte[]> producer, String topic, Trigger trigger) throws Exception {
        producer.send(new ProducerRecord<>(topic, trigger.runId(), EventSerdes.TRIGGER.serialize(topic, trigger)))
                .get();
    }

    private static String read(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log)";
    }
}
