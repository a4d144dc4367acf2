package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.internal.runs.RunMaterializer;
import io.carillon.console.internal.runs.RunRepository;
import io.carillon.console.internal.runs.RunView;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Whole polls handed to the materializer as the container hands them (the container itself reads an empty results
 * topic here), stored in real PostgreSQL; dead letters read back from the real dlq topic.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest
@DirtiesContext
class RunMaterializerBatchIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");
    private static final Instant STARTED_AT = SCHEDULED.plusMillis(42);
    private static final Instant FINISHED_AT = SCHEDULED.plusSeconds(2);

    private static TopicReader<DeadLetter> dlq;
    private static final List<DeadLetter> letters = new ArrayList<>();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @Autowired
    RunMaterializer materializer;

    @Autowired
    RunRepository runs;

    private long offset;

    @BeforeAll
    static void readDeadLetters() {
        dlq = new TopicReader<>(environment.catalog.dlq(), EventSerdes.DEAD_LETTER.deserializer());
    }

    @AfterAll
    static void closeReader() {
        dlq.close();
    }

    @Test
    void foldsStartedAndSucceededOfOneRunInOneBatchIntoOneRowWithBothTimes() {
        String fireId = FireIds.scheduled("one-batch", SCHEDULED);

        materializer.onMessage(List.of(
                record(started("one-batch", fireId)), record(ended("one-batch", fireId, RunStatus.SUCCEEDED, "done"))));

        RunView run = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(run.status()).isEqualTo("SUCCEEDED");
        assertThat(run.startedAt()).isEqualTo(STARTED_AT);
        assertThat(run.finishedAt()).isEqualTo(FINISHED_AT);
        assertThat(run.latenessMs()).isEqualTo(42);
        assertThat(run.message()).isEqualTo("done");
        assertThat(run.instance()).isEqualTo("worker-1");
    }

    @Test
    void foldsSeveralResultsOfOneRunInOnePollOutOfOrderWithOtherRunsIntoOneRowEach() {
        String fireId = FireIds.scheduled("one-poll", SCHEDULED);
        String otherFireId = FireIds.scheduled("one-poll-other", SCHEDULED);
        RunResult started = started("one-poll", fireId);

        materializer.onMessage(List.of(
                record(progress(started, 2)),
                record(ended("one-poll", fireId, RunStatus.SUCCEEDED, "done")),
                record(started("one-poll-other", otherFireId)),
                record(started),
                record(progress(started, 5)),
                record(ended("one-poll", fireId, RunStatus.SUCCEEDED, "done"))));

        RunView run = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(run.status()).isEqualTo("SUCCEEDED");
        assertThat(run.message()).isEqualTo("done");
        assertThat(run.progressDone()).isNull();
        assertThat(run.startedAt()).isEqualTo(STARTED_AT);
        assertThat(run.finishedAt()).isEqualTo(FINISHED_AT);
        assertThat(run.instance()).isEqualTo("worker-1");
        assertThat(runs.findByRunId(FireIds.runId(otherFireId, 0)).orElseThrow().status())
                .isEqualTo("STARTED");
    }

    @Test
    void mergesTheResultsOfOneRunSplitAcrossBatches() {
        String fireId = FireIds.scheduled("split", SCHEDULED);
        RunResult started = started("split", fireId);

        materializer.onMessage(List.of(record(started), record(progress(started, 3))));
        RunView halfway = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(halfway.status()).isEqualTo("PROGRESS");
        assertThat(halfway.progressDone()).isEqualTo(3);

        materializer.onMessage(List.of(
                record(progress(started, 7)),
                record(started),
                record(ended("split", fireId, RunStatus.FAILED, "disk full"))));
        RunView run = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(run.status()).isEqualTo("FAILED");
        assertThat(run.message()).isEqualTo("disk full");
        assertThat(run.progressDone()).isNull();
        assertThat(run.startedAt()).isEqualTo(STARTED_AT);
        assertThat(run.finishedAt()).isEqualTo(FINISHED_AT);
    }

    @Test
    void aClaimWaitsForItsRunsEndAndIsWrittenWithIt() {
        String fireId = FireIds.scheduled("claimed", SCHEDULED);

        materializer.onMessage(List.of(record(claim("claimed", fireId))));
        assertThat(runs.findByRunId(FireIds.runId(fireId, 0)))
                .as("held, not written yet")
                .isEmpty();

        materializer.onMessage(List.of(record(ended("claimed", fireId, RunStatus.SUCCEEDED, "done"))));
        RunView run = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(run.status()).isEqualTo("SUCCEEDED");
        assertThat(run.instance()).isEqualTo("worker-1");
        assertThat(run.finishedAt()).isEqualTo(FINISHED_AT);
    }

    @Test
    void aClaimWithoutAnEndIsWrittenOnItsOwnAfterTheHold() {
        String fireId = FireIds.scheduled("long-claim", SCHEDULED);

        materializer.onMessage(List.of(record(claim("long-claim", fireId))));

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runs.findByRunId(FireIds.runId(fireId, 0)))
                        .hasValueSatisfying(run -> {
                            assertThat(run.status()).isEqualTo("STARTED");
                            assertThat(run.startedAt()).isNull();
                            assertThat(run.message()).isEqualTo("claimed");
                        }));
    }

    @Test
    void aHeldClaimTheDatabaseRefusesIsDroppedAndTheClaimsHeldWithItAreStored() {
        String refusedFire = FireIds.scheduled("refused-claim", SCHEDULED);
        RunResult outOfRange = new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(refusedFire, 0),
                refusedFire,
                "refused-claim",
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                Instant.parse("+300000-01-01T00:00:00Z"),
                null,
                null,
                "claimed",
                null,
                null,
                SCHEDULED);
        String keptFire = FireIds.scheduled("kept-claim", SCHEDULED);

        materializer.onMessage(List.of(record(outOfRange), record(claim("kept-claim", keptFire))));

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runs.findByRunId(FireIds.runId(keptFire, 0)))
                        .hasValueSatisfying(run -> assertThat(run.status()).isEqualTo("STARTED")));
        materializer.onMessage(List.of(record(ended("kept-claim", keptFire, RunStatus.SUCCEEDED, "done"))));
        assertThat(runs.findByRunId(FireIds.runId(keptFire, 0)))
                .hasValueSatisfying(run -> assertThat(run.status()).isEqualTo("SUCCEEDED"));
    }

    @Test
    void keepsATerminalStatusAgainstALateStartedOfALaterBatchButTakesTheFactsItLacked() {
        String fireId = FireIds.scheduled("late-start", SCHEDULED);
        RunResult lost = new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                "late-start",
                "demo",
                "echo",
                null,
                RunStatus.NO_WORKER,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                null,
                FINISHED_AT,
                "no instance of demo",
                null,
                null,
                FINISHED_AT);

        materializer.onMessage(List.of(record(lost)));
        materializer.onMessage(List.of(
                record(started("late-start", fireId)),
                record(ended("late-start", fireId, RunStatus.SUCCEEDED, "done after all"))));

        RunView run = runs.findByRunId(FireIds.runId(fireId, 0)).orElseThrow();
        assertThat(run.status()).isEqualTo("NO_WORKER");
        assertThat(run.message()).isEqualTo("no instance of demo");
        assertThat(run.finishedAt()).isEqualTo(FINISHED_AT);
        assertThat(run.startedAt()).isEqualTo(STARTED_AT);
        assertThat(run.instance()).isEqualTo("worker-1");
    }

    @Test
    void deadLettersBadRecordsInTheMiddleOfABatchAndStoresTheRest() {
        String first = FireIds.scheduled("middle", SCHEDULED);
        String second = FireIds.scheduled("middle", SCHEDULED.plusSeconds(1));
        ConsumerRecord<String, byte[]> notJson = raw("middle", "not json");
        ConsumerRecord<String, byte[]> noRunId = raw("middle", "{\"jobId\": \"middle\", \"status\": \"STARTED\"}");
        ConsumerRecord<String, byte[]> tombstone =
                new ConsumerRecord<>(environment.catalog.results(), 0, offset++, "middle", null);
        ConsumerRecord<String, byte[]> beyondTheDatabase = record(new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(second, 1),
                second,
                "middle",
                "demo",
                "echo",
                "worker-1",
                RunStatus.SUCCEEDED,
                FireKind.SCHEDULED,
                1,
                1,
                2,
                SCHEDULED,
                STARTED_AT,
                Instant.parse("+300000-01-01T00:00:00Z"),
                "finished in a distant future",
                null,
                null,
                STARTED_AT));

        materializer.onMessage(List.of(
                record(started("middle", first)),
                notJson,
                noRunId,
                record(ended("middle", first, RunStatus.SUCCEEDED, "done")),
                tombstone,
                beyondTheDatabase,
                record(ended("middle", second, RunStatus.SUCCEEDED, "fine"))));

        List<DeadLetter> middle = deadLettersOf("middle", 4);
        assertThat(middle)
                .extracting(DeadLetter::offset)
                .containsExactlyInAnyOrder(
                        notJson.offset(), noRunId.offset(), tombstone.offset(), beyondTheDatabase.offset());
        assertThat(letterAt(middle, notJson).reason()).startsWith("not a valid RunResult");
        assertThat(letterAt(middle, noRunId).reason()).contains("field 'runId' is required");
        assertThat(letterAt(middle, tombstone).reason()).contains("tombstone");
        assertThat(letterAt(middle, beyondTheDatabase).reason()).startsWith("the console database refused the result");
        assertThat(runs.findByRunId(FireIds.runId(first, 0)).orElseThrow())
                .satisfies(run -> assertThat(run.status()).isEqualTo("SUCCEEDED"))
                .satisfies(run -> assertThat(run.startedAt()).isEqualTo(STARTED_AT));
        assertThat(runs.findByRunId(FireIds.runId(second, 0)).orElseThrow().message())
                .isEqualTo("fine");
        assertThat(runs.findByRunId(FireIds.runId(second, 1))).isEmpty();
    }

    private List<DeadLetter> deadLettersOf(String key, int count) {
        await().atMost(DEADLINE).until(() -> {
            letters.addAll(dlq.values());
            return letters.stream().filter(letter -> key.equals(letter.key())).count() >= count;
        });
        return letters.stream().filter(letter -> key.equals(letter.key())).toList();
    }

    private static DeadLetter letterAt(List<DeadLetter> letters, ConsumerRecord<String, byte[]> record) {
        return letters.stream()
                .filter(letter -> letter.offset() == record.offset())
                .findFirst()
                .orElseThrow();
    }

    private ConsumerRecord<String, byte[]> record(RunResult result) {
        return new ConsumerRecord<>(
                environment.catalog.results(),
                0,
                offset++,
                result.jobId(),
                EventSerdes.RESULT.serialize(environment.catalog.results(), result));
    }

    private ConsumerRecord<String, byte[]> raw(String key, String value) {
        return new ConsumerRecord<>(
                environment.catalog.results(), 0, offset++, key, value.getBytes(StandardCharsets.UTF_8));
    }

    private static RunResult started(String jobId, String fireId) {
        return result(jobId, fireId, RunStatus.STARTED, null, null, null);
    }

    /** A worker's claim: a STARTED without {@code startedAt}. */
    private static RunResult claim(String jobId, String fireId) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                null,
                null,
                "claimed",
                null,
                null,
                SCHEDULED);
    }

    private static RunResult ended(String jobId, String fireId, RunStatus status, String message) {
        return result(jobId, fireId, status, FINISHED_AT, message, null);
    }

    private static RunResult progress(RunResult started, long done) {
        return result(
                started.jobId(), started.fireId(), RunStatus.PROGRESS, null, null, new Progress(done, 10, "copying"));
    }

    private static RunResult result(
            String jobId, String fireId, RunStatus status, Instant finishedAt, String message, Progress progress) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                STARTED_AT,
                finishedAt,
                message,
                null,
                progress,
                STARTED_AT);
    }
}
