package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.console.internal.logs.LogStreams;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
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
import tools.jackson.databind.JsonNode;

/**
 * The logs topic materialized into run_logs on the real broker and PostgreSQL, read back as pages, as a download and
 * as a live stream, with the per-run cap, replays, bad parameters and grants.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "carillon.console.logs.max-lines-per-run=20", "carillon.console.logs.stream-settle=300ms",
            "carillon.console.logs.stream-poll-interval=200ms", "carillon.console.logs.stream-keep-alive=300ms",
            "carillon.console.logs.max-streams=4"
        })
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunLogsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration LIVE = Duration.ofSeconds(1);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");
    private static final String PASSWORD = "a-long-enough-password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    LogStreams streams;

    ApiClient admin;
    ApiClient vera;
    ApiClient bob;
    Producer<String, byte[]> producer;

    @BeforeAll
    void usersAndJobs() {
        admin = new ApiClient(port);
        for (String[] user : new String[][] {{"vera", "demo"}, {"bob", "billing"}}) {
            assertThat(admin.post("/api/v1/users", """
                    {"name": "%s", "password": "%s", "grants": [{"role": "VIEWER", "app": "%s"}]}""".formatted(user[0], PASSWORD, user[1]))
                            .status())
                    .isEqualTo(201);
        }
        vera = admin.as("vera", PASSWORD);
        bob = admin.as("bob", PASSWORD);
        assertThat(admin.post("/api/v1/jobs", """
                {"id": "logged", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""").status()).isEqualTo(201);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterAll
    void closeProducer() {
        producer.close();
    }

    @Test
    void keepsLinesInSeqOrderAndAReplayedLineChangesNothing() {
        String run = runId(1);
        sendLines(run, 1, 3, "first");
        awaitSeq(run, 3);

        sendLines(run, 1, 3, "replayed");
        sendLines(run, 4, 4, "first");
        awaitSeq(run, 4);

        JsonNode page = vera.get(logs(run)).json();
        assertThat(seqs(page)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(page.get("lines")
                        .valueStream()
                        .map(line -> line.get("message").asString()))
                .containsOnly("first");
        assertThat(page.has("cut")).isFalse();
        assertThat(jdbc.sql("SELECT lines || '/' || last_seq FROM run_log_state WHERE run_id = :run")
                        .param("run", run)
                        .query(String.class)
                        .single())
                .isEqualTo("4/4");
    }

    @Test
    void pagesByKeysetOnSeqInTheListEnvelope() {
        String run = runId(2);
        sendLines(run, 1, 12, "line");
        awaitSeq(run, 12);

        List<List<Long>> pages = new ArrayList<>();
        String cursor = "";
        do {
            JsonNode page = vera.get(logs(run) + "?limit=5&cursor=" + cursor).json();
            assertThat(page.get("runId").asString()).isEqualTo(run);
            pages.add(seqs(page));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asString() : null;
        } while (cursor != null);

        assertThat(pages).containsExactly(List.of(1L, 2L, 3L, 4L, 5L), List.of(6L, 7L, 8L, 9L, 10L), List.of(11L, 12L));
        JsonNode second = vera.get(logs(run) + "?cursor=5&limit=5").json();
        assertThat(second.get("nextCursor").asString()).isEqualTo("10");
        assertThat(second.get("nextAfter").asLong()).isEqualTo(10L);
    }

    @Test
    void stillPagesByTheEarlierAfterAndNextAfter() {
        String run = runId(10);
        sendLines(run, 1, 12, "line");
        awaitSeq(run, 12);

        JsonNode first = vera.get(logs(run) + "?after=3&limit=5").json();
        JsonNode last = vera.get(logs(run) + "?after=" + first.get("nextAfter").asLong() + "&limit=5")
                .json();

        assertThat(first.get("lines")).isEqualTo(first.get("items"));
        assertThat(seqs(first)).containsExactly(4L, 5L, 6L, 7L, 8L);
        assertThat(seqs(last)).containsExactly(9L, 10L, 11L, 12L);
        assertThat(last.has("nextAfter")).isFalse();
        assertThat(last.has("nextCursor")).isFalse();
        assertThat(seqs(vera.get(logs(run) + "?cursor=10&after=3&limit=5").json()))
                .as("cursor wins over after")
                .containsExactly(11L, 12L);
    }

    @Test
    void cutsALongLogOnceWithANoteAndAReplayCountsNothingTwice() {
        String run = runId(3);
        sendLines(run, 1, 25, "line");
        awaitSeq(run, 20);
        await().atMost(DEADLINE).until(() -> vera.get(logs(run)).json().has("cut"));
        sendLines(run, 1, 25, "line");
        sendLines(run, 26, 26, "line");
        await().atMost(DEADLINE)
                .until(() -> vera.get(logs(run))
                                .json()
                                .get("cut")
                                .get("droppedLines")
                                .asLong()
                        == 6);

        JsonNode page = vera.get(logs(run)).json();
        assertThat(seqs(page)).isEqualTo(LongStream.rangeClosed(1, 20).boxed().toList());
        assertThat(page.get("cut").toString())
                .isEqualTo(Json.mapper().readTree("""
                {"atSeq": 21, "reason": "LINES", "limit": 20, "droppedLines": 6}""").toString());
        Answer download = vera.get(logs(run).replace("/logs", "/logs.txt"));
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.contentType()).startsWith("text/plain");
        List<String> text = download.body().lines().toList();
        assertThat(text).hasSize(21);
        assertThat(text.get(0)).isEqualTo(SCHEDULED + " INFO line");
        assertThat(text.get(20))
                .isEqualTo(
                        "[log cut at line 21: the run's log reached its limit of 20 lines; 6 more lines were not kept]");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "?after=-1, after",
        "?limit=0, limit",
        "?after=x, after",
        "?limit=10001, limit",
        "?cursor=x, cursor",
        "?cursor=-1, cursor"
    })
    void refusesBadParametersNamingThem(String query, String field) {
        String run = runId(4);
        sendLines(run, 1, 1, "line");
        awaitSeq(run, 1);

        Answer answer = vera.get(logs(run) + query);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @Test
    void answersOnlyCallersWhoMayReadTheRunsApp() {
        String run = runId(5);
        sendLines(run, 1, 1, "line");
        awaitSeq(run, 1);

        assertThat(bob.get(logs(run)).status()).isEqualTo(403);
        assertThat(bob.get(logs(run).replace("/logs", "/logs.txt")).status()).isEqualTo(403);
        try (SseClient refused = SseClient.open(port, logs(run) + "/stream", "bob", PASSWORD)) {
            assertThat(refused.status()).isEqualTo(403);
        }
        assertThat(vera.get(logs(run)).status()).isEqualTo(200);
        assertThat(vera.get(logs("no-such-run@1#0")).status()).isEqualTo(404);
        try (SseClient missing = SseClient.open(port, logs("no-such-run@1#0") + "/stream", "vera", PASSWORD);
                SseClient negative = SseClient.open(port, logs(run) + "/stream?after=-2", "vera", PASSWORD)) {
            assertThat(missing.status()).isEqualTo(404);
            assertThat(negative.status()).isEqualTo(400);
        }
    }

    @Test
    void streamsLinesWhileTheRunRunsAndEndsOnceItIsTerminalAndEveryLineWasSent() {
        String run = runId(6);
        send(result(run, RunStatus.STARTED));
        sendLines(run, 1, 2, "early");
        awaitSeq(run, 2);

        try (SseClient stream = SseClient.open(port, logs(run) + "/stream", "vera", PASSWORD)) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(DEADLINE).until(() -> stream.events("line").size() == 2);
            for (long seq = 3; seq <= 5; seq++) {
                sendLines(run, seq, seq, "live");
                awaitSeq(run, seq);
                long materialized = System.nanoTime();
                long wanted = seq;
                await().atMost(DEADLINE).until(() -> stream.events("line").size() == wanted);
                assertThat(Duration.ofNanos(
                                stream.events("line").get((int) seq - 1).receivedAtNanos() - materialized))
                        .isLessThan(LIVE);
            }
            assertThat(stream.ended()).isFalse();

            send(result(run, RunStatus.SUCCEEDED));
            sendLines(run, 6, 6, "late");
            await().atMost(DEADLINE).until(stream::ended);

            assertThat(stream.events("line"))
                    .extracting(SseClient.Event::id)
                    .containsExactly("1", "2", "3", "4", "5", "6");
            assertThat(Json.mapper()
                            .readTree(stream.events("line").get(5).data())
                            .get("message")
                            .asString())
                    .isEqualTo("late");
            assertThat(stream.events("end")).singleElement().satisfies(end -> {
                assertThat(end.data()).isEqualTo("{\"status\":\"SUCCEEDED\"}");
                assertThat(stream.events().indexOf(end))
                        .isEqualTo(stream.events().size() - 1);
            });
        }
        try (SseClient resumed = SseClient.open(port, logs(run) + "/stream?after=4", "vera", PASSWORD)) {
            await().atMost(DEADLINE).until(resumed::ended);
            assertThat(resumed.events()).extracting(SseClient.Event::name).containsExactly("line", "line", "end");
            assertThat(resumed.events("line")).extracting(SseClient.Event::id).containsExactly("5", "6");
        }
    }

    @Test
    void streamsToATokenCallerToo() {
        String run = runId(9);
        sendLines(run, 1, 2, "line");
        send(result(run, RunStatus.SUCCEEDED));
        awaitSeq(run, 2);
        String token = vera.post("/api/v1/tokens", "{\"name\": \"streams\"}")
                .json()
                .get("token")
                .asString();

        try (SseClient stream = SseClient.open(port, logs(run) + "/stream", "Bearer " + token)) {
            assertThat(stream.status()).isEqualTo(200);
            await().atMost(DEADLINE).until(stream::ended);

            assertThat(stream.events()).extracting(SseClient.Event::name).containsExactly("line", "line", "end");
        }
    }

    @Test
    void streamsTheCutNoteAfterTheKeptLines() {
        String run = runId(7);
        sendLines(run, 1, 22, "line");
        awaitSeq(run, 20);
        await().atMost(DEADLINE).until(() -> vera.get(logs(run)).json().has("cut"));
        send(result(run, RunStatus.FAILED));

        try (SseClient stream = SseClient.open(port, logs(run) + "/stream?after=18", "vera", PASSWORD)) {
            await().atMost(DEADLINE).until(stream::ended);

            assertThat(stream.events()).extracting(SseClient.Event::name).containsExactly("line", "line", "cut", "end");
            assertThat(Json.mapper()
                            .readTree(stream.events("cut").get(0).data())
                            .get("atSeq")
                            .asLong())
                    .isEqualTo(21);
        }
    }

    @Test
    void boundsTheOpenStreamsAndForgetsThoseWhoseClientLeft() {
        String run = runId(8);
        sendLines(run, 1, 1, "line");
        awaitSeq(run, 1);
        await().atMost(DEADLINE).until(() -> streams.openCount() == 0);
        List<SseClient> open = LongStream.range(0, 4)
                .mapToObj(i -> SseClient.open(port, logs(run) + "/stream", "vera", PASSWORD))
                .toList();
        open.forEach(stream -> assertThat(stream.status()).isEqualTo(200));

        Answer refused = vera.get(logs(run) + "/stream");

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.body()).contains("max-streams");
        open.forEach(SseClient::close);
        await().atMost(DEADLINE).until(() -> streams.openCount() == 0);
    }

    private void sendLines(String runId, long from, long to, String message) {
        for (long seq = from; seq <= to; seq++) {
            LogLine line =
                    new LogLine(LogLine.SCHEMA_VERSION, runId, "logged", "worker-1", seq, SCHEDULED, "INFO", message);
            producer.send(new ProducerRecord<>(
                    environment.catalog.logs(), runId, EventSerdes.LOG.serialize(environment.catalog.logs(), line)));
        }
        producer.flush();
    }

    private void send(RunResult result) {
        producer.send(new ProducerRecord<>(
                environment.catalog.results(),
                result.jobId(),
                EventSerdes.RESULT.serialize(environment.catalog.results(), result)));
        producer.flush();
    }

    private void awaitSeq(String runId, long seq) {
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(10)).until(() -> {
            Answer page = admin.get(logs(runId));
            return page.status() == 200 && seqs(page.json()).contains(seq);
        });
    }

    private static RunResult result(String runId, RunStatus status) {
        String fireId = runId.substring(0, runId.lastIndexOf('#'));
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                fireId,
                "logged",
                "demo",
                "echo",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                SCHEDULED,
                status.isTerminal() ? SCHEDULED : null,
                null,
                null,
                null,
                SCHEDULED);
    }

    private static String runId(int n) {
        return FireIds.runId(FireIds.scheduled("logged", SCHEDULED.plusSeconds(n)), 0);
    }

    private static String logs(String runId) {
        return "/api/v1/runs/" + runId.replace("#", "%23") + "/logs";
    }

    private static List<Long> seqs(JsonNode page) {
        assertThat(page.get("lines")).as("the earlier name of items").isEqualTo(page.get("items"));
        return page.get("items")
                .valueStream()
                .map(line -> line.get("seq").asLong())
                .toList();
    }
}
