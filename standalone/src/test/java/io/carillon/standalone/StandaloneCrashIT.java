package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.standalone.internal.OrphanedPostmaster;
import io.carillon.testkit.HttpProbe;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.web.client.RestClient;

/**
 * A power cut, as a user meets it: a standalone Carillon in a child JVM runs a job every second and a long job, is
 * killed ({@code destroyForcibly}, SIGKILL) mid-run, and is started again on the same data folder with no manual
 * step. It is ready again and the console lists a run of the job scheduled after the kill (the test logs how long
 * each took; the bench's restart workload measures it); the job keeps firing, no scheduled instant reaches the worker or runs twice,
 * the run that died with the process ends LOST, and no run stays STARTED. While it runs, a second process on the
 * same data folder refuses to start, naming the folder and the running process.
 */
class StandaloneCrashIT {

    private static final Logger log = LoggerFactory.getLogger(StandaloneCrashIT.class);

    private static final Duration FIRST_START = Duration.ofSeconds(180);
    private static final Duration DEADLINE = Duration.ofSeconds(120);
    /** A restart starts the broker, PostgreSQL and every part again: on a busy machine that takes minutes. */
    private static final Duration RESTART_DEADLINE = Duration.ofSeconds(240);

    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final String TICK = "crash-tick";
    private static final String LONG = "crash-long";
    /** How many ticks succeed before the kill, and after the restart before the verdict. */
    private static final int TICKS = 5;

    private static final int HTTP_OK = 200;

    private static final ParameterizedTypeReference<List<Map<String, Object>>> LIST_OF_MAPS =
            new ParameterizedTypeReference<>() {};

    private final Clock clock = Clock.systemUTC();
    private final TopicCatalog catalog = TopicCatalog.defaults();
    private final List<StandaloneProcess> processes = new ArrayList<>();

    @TempDir
    Path dataDir;

    @AfterEach
    void tearDown() throws InterruptedException {
        for (StandaloneProcess process : processes) {
            process.close();
        }
        OrphanedPostmaster.clear(dataDir.resolve("postgres"), Duration.ofSeconds(30));
    }

    @Test
    void aKilledStandaloneStartsAgainOnItsDataFolderAndKeepsItsSchedulesWithoutDuplicates() throws Exception {
        int brokerPort = freePort();
        int serverPort = freePort();
        String[] args = {
            "--carillon.standalone.data-dir=" + dataDir,
            "--carillon.broker.port=" + brokerPort,
            "--server.port=" + serverPort
        };
        String bootstrap = "localhost:" + brokerPort;
        RestClient http = RestClient.builder()
                .baseUrl("http://localhost:" + serverPort)
                .defaultHeader(HttpHeaders.AUTHORIZATION, StandaloneProcess.adminAuthorization())
                .build();

        StandaloneProcess first = start("first", args);
        awaitServing(http, serverPort, first, FIRST_START);
        http.post()
                .uri("/api/v1/jobs")
                .body(Map.of(
                        "id",
                        TICK,
                        "app",
                        "demo",
                        "handler",
                        "echo",
                        "schedule",
                        Map.of("type", "FIXED_RATE", "intervalMs", 1000)))
                .retrieve()
                .toBodilessEntity();
        Instant longJobAt = clock.instant().plusSeconds(3);
        http.post()
                .uri("/api/v1/jobs")
                .body(Map.of(
                        "id",
                        LONG,
                        "app",
                        "demo",
                        "handler",
                        "sleep",
                        "params",
                        "600000",
                        "schedule",
                        Map.of("type", "ONCE", "at", longJobAt.toString())))
                .retrieve()
                .toBodilessEntity();
        await("ticks succeed and the long job runs")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> {
                    List<RunResult> results = results(bootstrap);
                    return succeeded(results, TICK).size() >= TICKS
                            && !realStarts(results, LONG).isEmpty();
                });

        refusesASecondProcess(first);

        first.kill();
        Instant killedAt = clock.instant();
        StandaloneProcess second = start("restarted", args);
        awaitServing(http, serverPort, second, RESTART_DEADLINE);
        Duration serving = Duration.between(killedAt, clock.instant());
        await("a tick scheduled after the restart succeeds")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> succeeded(results(bootstrap), TICK).stream()
                        .anyMatch(result -> result.scheduledAt().isAfter(killedAt)));
        Duration firing = Duration.between(killedAt, clock.instant());
        await("the console lists a tick scheduled after the restart as SUCCEEDED")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() ->
                        http
                                .get()
                                .uri("/api/v1/jobs/" + TICK + "/runs?limit=100")
                                .retrieve()
                                .body(LIST_OF_MAPS)
                                .stream()
                                .anyMatch(run -> "SUCCEEDED".equals(run.get("status"))
                                        && Instant.parse(run.get("scheduledAt").toString())
                                                .isAfter(killedAt)));
        Duration listed = Duration.between(killedAt, clock.instant());
        log.info(
                "after the kill: ready in {} ms, a tick scheduled after the kill succeeded in {} ms and was listed "
                        + "by the console in {} ms",
                serving.toMillis(),
                firing.toMillis(),
                listed.toMillis());

        await("the run that died with the process ends LOST, no run stays open, ticks go on")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> {
                    List<RunResult> results = results(bootstrap);
                    return openRuns(results, killedAt).isEmpty()
                            && succeeded(results, TICK).stream()
                                            .filter(result ->
                                                    result.scheduledAt().isAfter(killedAt))
                                            .count()
                                    >= TICKS;
                });

        List<RunResult> results = results(bootstrap);
        List<RunResult> longRuns = results.stream()
                .filter(result -> result.jobId().equals(LONG)
                        && result.attempt() == 1
                        && result.status().isTerminal())
                .toList();
        assertThat(longRuns)
                .extracting(RunResult::status)
                .as("the long run that died with the process")
                .containsExactly(RunStatus.LOST);
        assertThat(openRuns(results, killedAt))
                .as("runs scheduled before the kill, STARTED, with no terminal result")
                .isEmpty();
        assertThat(countsAboveOne(realStarts(results, TICK), RunResult::fireId))
                .as("scheduled instants whose handler started twice")
                .isEmpty();
        assertThat(countsAboveOne(succeeded(results, TICK), RunResult::fireId))
                .as("scheduled instants that succeeded twice")
                .isEmpty();
        List<Trigger> triggers = read(bootstrap, catalog.trigger("demo"), EventSerdes.TRIGGERS).stream()
                .flatMap(List::stream)
                .toList();
        assertThat(countsAboveOne(
                        triggers.stream()
                                .filter(trigger -> trigger.jobId().equals(TICK))
                                .toList(),
                        Trigger::runId))
                .as("runs triggered twice")
                .isEmpty();
        assertThat(second.output()).doesNotContain("lock file \"postmaster.pid\" already exists");
    }

    private void refusesASecondProcess(StandaloneProcess running) throws Exception {
        StandaloneProcess intruder = start(
                "intruder", "--carillon.standalone.data-dir=" + dataDir, "--carillon.broker.port=0", "--server.port=0");
        assertThat(intruder.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS))
                .as("the second process ends")
                .isTrue();
        assertThat(intruder.process().exitValue()).isEqualTo(1);
        assertThat(intruder.output())
                .contains("the data folder " + dataDir + " is in use by another Carillon " + "standalone (pid "
                        + running.pid() + ")");
        assertThat(running.process().isAlive()).isTrue();
    }

    private StandaloneProcess start(String name, String... args) throws IOException {
        StandaloneProcess process = StandaloneProcess.start(
                Path.of("target", "standalone-crash-" + name + "-" + dataDir.getFileName() + ".log"), args);
        processes.add(process);
        return process;
    }

    /** Waits until the process is ready (its readiness probe) and its REST API answers. */
    private static void awaitServing(RestClient http, int port, StandaloneProcess process, Duration within) {
        await("the standalone is ready and serves")
                .atMost(within)
                .pollInterval(POLL)
                .until(() -> {
                    if (!process.process().isAlive()) {
                        throw new AssertionError("the standalone exited with "
                                + process.process().exitValue() + ":\n" + process.output());
                    }
                    try {
                        return HttpProbe.get(port, "/actuator/health/readiness").statusCode() == HTTP_OK
                                && http.get()
                                        .uri("/api/v1/jobs")
                                        .retrieve()
                                        .toBodilessEntity()
                                        .getStatusCode()
                                        .is2xxSuccessful();
                    } catch (RuntimeException notYet) {
                        return false;
                    }
                });
    }

    /** Ids of the runs scheduled before {@code instant} with a STARTED or a claim and no terminal result. */
    private static Set<String> openRuns(List<RunResult> results, Instant instant) {
        Set<String> ended = results.stream()
                .filter(result -> result.status().isTerminal())
                .map(RunResult::runId)
                .collect(Collectors.toSet());
        return results.stream()
                .filter(result -> result.status() == RunStatus.STARTED
                        && result.scheduledAt().isBefore(instant))
                .map(RunResult::runId)
                .filter(runId -> !ended.contains(runId))
                .collect(Collectors.toSet());
    }

    private static List<RunResult> succeeded(List<RunResult> results, String jobId) {
        return results.stream()
                .filter(result -> result.jobId().equals(jobId) && result.status() == RunStatus.SUCCEEDED)
                .toList();
    }

    /** The STARTED results a handler's start sent (a claim, sent before the run is taken, has no startedAt). */
    private static List<RunResult> realStarts(List<RunResult> results, String jobId) {
        return results.stream()
                .filter(result -> result.jobId().equals(jobId)
                        && result.status() == RunStatus.STARTED
                        && result.startedAt() != null)
                .toList();
    }

    private static <T> Map<String, Long> countsAboveOne(List<T> values, Function<T, String> key) {
        return values.stream().collect(Collectors.groupingBy(key, Collectors.counting())).entrySet().stream()
                .filter(entry -> entry.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private List<RunResult> results(String bootstrap) {
        return read(bootstrap, catalog.results(), EventSerdes.RESULT);
    }

    /** Every committed value of {@code topic} up to its end, read afresh (the broker restarts under the test). */
    private static <V> List<V> read(String bootstrap, String topic, Deserializer<V> deserializer) {
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                deserializer)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, READ_TIMEOUT).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, READ_TIMEOUT);
            List<V> values = new ArrayList<>();
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (ConsumerRecord<String, V> record : consumer.poll(POLL)) {
                    values.add(record.value());
                }
            }
            return values.stream().filter(Objects::nonNull).toList();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
