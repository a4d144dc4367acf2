package io.carillon.console.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The console as its own process ({@code java -jar carillon-console.jar}), killed with {@code kill -9} while jobs are
 * being created over REST and results arrive on Kafka, then started again on the same database: the outbox relay
 * publishes every stored job at every version (none lost; a version sent twice carries the same definition), and
 * the materializer stores every result once (none lost, none doubled). Runs after the jar is packaged.
 */
class ConsoleKillJarIT {

    private static final Path JAR = Path.of("target", "carillon-console.jar");
    private static final String PASSWORD = "console-kill-password";
    private static final int JOBS = 40;
    private static final int RUNS = 2_000;
    private static final int CREATED_BEFORE_KILL = 10;
    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final Instant SCHEDULED = Instant.parse("2026-06-01T00:00:00Z");

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Process> consoles = new ArrayList<>();

    @AfterEach
    void stopConsoles() throws InterruptedException {
        for (Process console : consoles) {
            if (console.isAlive()) {
                console.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void aKilledConsoleResumesWithNothingLostOrDoubled() throws Exception {
        assertThat(JAR).as("the packaged console (mvn package)").exists();
        TopicCatalog catalog = TestKafka.newCatalog(3);
        try (TestDatabase database = TestDatabase.create();
                TopicReader<JobDefinition> jobsTopic = new TopicReader<>(catalog.jobs(), EventSerdes.JOB);
                KafkaProducer<String, byte[]> producer = producer()) {
            int port = freePort();
            Process first = start(catalog, database, port, "first");
            awaitReady(port);

            AtomicInteger created = new AtomicInteger();
            CompletableFuture<Void> creating = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < JOBS && consoles.get(0).isAlive(); i++) {
                    if (createJob(port, i) == 201) {
                        created.incrementAndGet();
                    }
                }
            });
            CompletableFuture<Void> producing = CompletableFuture.runAsync(() -> produceResults(producer, catalog));
            await().atMost(DEADLINE).until(() -> created.get() >= CREATED_BEFORE_KILL);
            first.destroyForcibly().waitFor();
            creating.exceptionally(failure -> null).join();
            producing.join();

            start(catalog, database, port, "second");
            awaitReady(port);
            for (int i = 0; i < JOBS; i++) {
                assertThat(createJob(port, i)).as("job %d after the restart", i).isIn(201, 409);
            }

            Map<String, Long> stored = storedVersions(database);
            assertThat(stored).hasSize(JOBS);
            await("every stored job on the jobs topic").atMost(DEADLINE).untilAsserted(() -> {
                Map<String, Long> published = new HashMap<>();
                for (ConsumerRecord<String, JobDefinition> record : jobsTopic.poll()) {
                    published.merge(record.key(), record.value().version(), Math::max);
                }
                assertThat(published).containsAllEntriesOf(stored);
            });
            await("every result stored once")
                    .atMost(DEADLINE)
                    .until(() -> count(database, "SELECT count(*) FROM runs WHERE status = 'SUCCEEDED'") == RUNS);
            assertThat(count(database, "SELECT count(*) FROM runs")).isEqualTo(RUNS);
        }
    }

    private Process start(TopicCatalog catalog, TestDatabase database, int port, String name) throws IOException {
        Path log = Path.of("target", "console-kill-" + catalog.prefix() + name + ".log");
        List<String> command = new ArrayList<>(List.of(
                java(),
                "-Xmx384m",
                "-jar",
                JAR.toString(),
                "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "--carillon.topics.prefix=" + catalog.prefix(),
                "--carillon.topics.partitions=3",
                "--carillon.console.materializer.group-id=" + catalog.prefix() + "console",
                "--spring.datasource.url=" + database.jdbcUrl(),
                "--spring.datasource.username=" + database.username(),
                "--carillon.console.admin-password=" + PASSWORD,
                "--server.port=" + port,
                "--carillon.console.retention.runs=" + ConsoleTestEnvironment.RETENTION,
                "--carillon.console.retention.logs=" + ConsoleTestEnvironment.RETENTION));
        if (!database.password().isEmpty()) {
            command.add("--spring.datasource.password=" + database.password());
        }
        Process console = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        consoles.add(console);
        return console;
    }

    private void awaitReady(int port) {
        await("the console's readiness")
                .atMost(DEADLINE)
                .until(() -> status(HttpRequest.newBuilder(
                                        URI.create("http://localhost:" + port + "/actuator/health/readiness"))
                                .GET())
                        == 200);
    }

    private int createJob(int port, int i) {
        String body = """
                {"id": "kill-%d", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""".formatted(i);
        return status(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .header(
                        "Authorization",
                        "Basic "
                                + Base64.getEncoder()
                                        .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private int status(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void produceResults(KafkaProducer<String, byte[]> producer, TopicCatalog catalog) {
        for (int run = 0; run < RUNS; run++) {
            String jobId = "kill-" + (run % JOBS);
            Instant scheduled = SCHEDULED.plusSeconds(run);
            String fireId = FireIds.scheduled(jobId, scheduled);
            RunResult result = new RunResult(
                    RunResult.SCHEMA_VERSION,
                    FireIds.runId(fireId, 0),
                    fireId,
                    jobId,
                    "demo",
                    "echo",
                    "worker-1",
                    RunStatus.SUCCEEDED,
                    FireKind.SCHEDULED,
                    1,
                    0,
                    1,
                    scheduled,
                    scheduled,
                    scheduled.plusMillis(1),
                    "ok",
                    null,
                    null,
                    scheduled.plusMillis(1));
            producer.send(new ProducerRecord<>(
                    catalog.results(), jobId, EventSerdes.RESULT.serialize(catalog.results(), result)));
        }
        producer.flush();
    }

    private static Map<String, Long> storedVersions(TestDatabase database) throws Exception {
        Map<String, Long> versions = new HashMap<>();
        try (Connection connection = database.dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id, version FROM jobs")) {
            while (rows.next()) {
                versions.put(rows.getString(1), rows.getLong(2));
            }
        }
        return versions;
    }

    private static long count(TestDatabase database, String sql) throws Exception {
        try (Connection connection = database.dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        5),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String java() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElseGet(() ->
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
