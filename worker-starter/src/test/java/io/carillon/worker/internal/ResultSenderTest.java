package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.TestTriggers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The results thread: each run's order, hand-over without waiting, and STARTED left out only behind its run's terminal. */
class ResultSenderTest {

    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final Instant AT = TestTriggers.SCHEDULED_AT;

    private final List<RunResult> sent = new CopyOnWriteArrayList<>();
    private final CountDownLatch blocked = new CountDownLatch(1);
    private final CountDownLatch unblock = new CountDownLatch(1);
    private ResultSender sender;

    @AfterEach
    void close() {
        unblock.countDown();
        if (sender != null) {
            sender.close(DEADLINE);
        }
    }

    private static RunResult result(String job, RunStatus status) {
        Trigger trigger = TestTriggers.trigger("app", job, "handler", null);
        Instant finished = status.isTerminal() ? AT.plusMillis(1) : null;
        return RunResult.of(trigger, "unit-1", status, AT, finished, null, null, AT);
    }

    /** A sender whose first hand-over of a result of job {@code blocker} waits until the test lets it go on. */
    private ResultSender blockingOn(String blocker) {
        return blockingOn(blocker, Duration.ZERO);
    }

    private ResultSender blockingOn(String blocker, Duration startedHold) {
        sender = new ResultSender(
                new WorkerThreads("unit", "results"),
                result -> {
                    if (result.jobId().equals(blocker) && blocked.getCount() > 0) {
                        blocked.countDown();
                        try {
                            unblock.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    sent.add(result);
                },
                startedHold);
        return sender;
    }

    @Test
    void aStartedAloneIsHandedOverAtOnceWithoutWaitingForItsTerminal() throws InterruptedException {
        ResultSender results = blockingOn("none");

        results.submit(result("slow", RunStatus.STARTED));

        await().atMost(DEADLINE).until(() -> sent.size() == 1);
        assertThat(sent.get(0).status()).isEqualTo(RunStatus.STARTED);
        results.submit(result("slow", RunStatus.SUCCEEDED));
        assertThat(results.awaitHandedOver(DEADLINE)).isTrue();
        assertThat(sent).extracting(RunResult::status).containsExactly(RunStatus.STARTED, RunStatus.SUCCEEDED);
        assertThat(results.coalescedCount()).isZero();
    }

    @Test
    void aStartedStillQueuedWhenItsTerminalComesIsLeftOutAndEachRunKeepsItsOrder() throws InterruptedException {
        ResultSender results = blockingOn("first");
        results.submit(result("first", RunStatus.STARTED));
        assertThat(blocked.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)).isTrue();

        results.submit(result("fast", RunStatus.STARTED));
        results.submit(result("long", RunStatus.STARTED));
        results.submit(result("fast", RunStatus.SUCCEEDED));
        results.submit(result("long", RunStatus.PROGRESS).withProgress(new Progress(1, 2, "half")));
        results.submit(result("long", RunStatus.FAILED));
        results.submit(result("first", RunStatus.KILLED));
        unblock.countDown();

        assertThat(results.awaitHandedOver(DEADLINE)).isTrue();
        assertThat(sent)
                .extracting(RunResult::jobId, RunResult::status)
                .containsExactly(
                        tuple("first", RunStatus.STARTED),
                        tuple("fast", RunStatus.SUCCEEDED),
                        tuple("long", RunStatus.STARTED),
                        tuple("long", RunStatus.PROGRESS),
                        tuple("long", RunStatus.FAILED),
                        tuple("first", RunStatus.KILLED));
        assertThat(sent.get(2).startedAt())
                .as("the terminal result carries the start")
                .isEqualTo(AT);
        assertThat(results.coalescedCount()).isEqualTo(1);
    }

    @Test
    void aStartedIsHeldAndLeftOutWhenItsTerminalComesWithinTheHold() throws InterruptedException {
        ResultSender results = blockingOn("none", Duration.ofHours(1));

        results.submit(result("fast", RunStatus.STARTED));
        results.submit(result("long", RunStatus.STARTED));
        results.submit(result("fast", RunStatus.SUCCEEDED));

        await().atMost(DEADLINE).until(() -> sent.size() == 1);
        assertThat(sent.get(0).status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(results.awaitHandedOver(DEADLINE))
                .as("waiting for the hand-over hands the held STARTED over")
                .isTrue();
        assertThat(sent)
                .extracting(RunResult::jobId, RunResult::status)
                .containsExactly(tuple("fast", RunStatus.SUCCEEDED), tuple("long", RunStatus.STARTED));
        assertThat(results.coalescedCount()).isEqualTo(1);
    }

    @Test
    void aStartedWhoseRunOutlastsTheHoldIsHandedOverWhenTheHoldEnds() {
        ResultSender results = blockingOn("none", Duration.ofMillis(50));

        results.submit(result("long", RunStatus.STARTED));

        await().atMost(DEADLINE).until(() -> sent.size() == 1);
        assertThat(sent.get(0).status()).isEqualTo(RunStatus.STARTED);
        assertThat(results.coalescedCount()).isZero();
    }

    @Test
    void closeHandsOverWhatIsQueuedAndLaterResultsGoOutOnTheCallersThread() {
        ResultSender results = blockingOn("none");
        results.submit(result("a", RunStatus.STARTED));
        results.submit(result("a", RunStatus.SUCCEEDED));

        results.close(DEADLINE);
        assertThat(sent).extracting(RunResult::status).endsWith(RunStatus.SUCCEEDED);

        results.submit(result("b", RunStatus.KILLED));
        assertThat(sent).extracting(RunResult::jobId).endsWith("b");
    }
}
