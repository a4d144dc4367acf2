package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The restart policy on loops that fail as told, with no back-off (or an hour of it) on the system clock. */
class LoopSupervisorTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final Duration LONG_BACK_OFF = Duration.ofHours(1);

    private final AtomicInteger restarts = new AtomicInteger();
    private final List<FakeLoop> made = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    @AfterEach
    void tearDown() {
        threads.forEach(Thread::interrupt);
    }

    @Test
    void aFatalErrorOfAKafkaClientStartsANewLoop() {
        FakeLoop first = FakeLoop.failingWith(new InvalidTxnStateException("the coordinator aborted the transaction"));
        FakeLoop second = FakeLoop.runningUntilStopped();
        LoopSupervisor supervisor = supervisor(first, Duration.ZERO, () -> made(second));
        Thread thread = start(supervisor);

        await().atMost(DEADLINE).until(() -> second.runs.get() == 1);
        assertThat(restarts).hasValue(1);
        assertThat(thread.isAlive()).isTrue();

        supervisor.stop();
        await().atMost(DEADLINE).until(() -> !thread.isAlive());
        assertThat(second.stopped.getCount()).isZero();
    }

    @Test
    void aFatalErrorWrappedByTheProducerStartsANewLoop() {
        KafkaException wrapped = new KafkaException(
                "Cannot execute transactional method because we are in an error state",
                new InvalidTxnStateException("invalid state"));
        FakeLoop second = FakeLoop.runningUntilStopped();
        LoopSupervisor supervisor = supervisor(FakeLoop.failingWith(wrapped), Duration.ZERO, () -> made(second));
        Thread thread = start(supervisor);

        await().atMost(DEADLINE).until(() -> second.runs.get() == 1);
        supervisor.stop();
        await().atMost(DEADLINE).until(() -> !thread.isAlive());
        assertThat(restarts).hasValue(1);
    }

    @Test
    void eachLoopThatFailsIsFollowedByANewOneUntilOneRuns() {
        Deque<FakeLoop> next = new ArrayDeque<>(List.of(
                FakeLoop.failingWith(new KafkaException("second fails too")),
                FakeLoop.failingWith(new KafkaException("third fails too")),
                FakeLoop.runningUntilStopped()));
        LoopSupervisor supervisor = supervisor(
                FakeLoop.failingWith(new KafkaException("first fails")), Duration.ZERO, () -> made(next.remove()));
        Thread thread = start(supervisor);

        await().atMost(DEADLINE)
                .until(() -> made.size() == 3 && made.get(2).runs.get() == 1);
        assertThat(restarts).hasValue(3);
        supervisor.stop();
        await().atMost(DEADLINE).until(() -> !thread.isAlive());
    }

    @Test
    void aFailureToCreateTheNextLoopIsTriedAgain() {
        FakeLoop running = FakeLoop.runningUntilStopped();
        AtomicInteger attempts = new AtomicInteger();
        LoopSupervisor supervisor = supervisor(FakeLoop.failingWith(new KafkaException("lost")), Duration.ZERO, () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new KafkaException("No resolvable bootstrap urls given in bootstrap.servers");
            }
            return made(running);
        });
        Thread thread = start(supervisor);

        await().atMost(DEADLINE).until(() -> running.runs.get() == 1);
        assertThat(attempts).hasValue(2);
        assertThat(restarts).hasValue(1);
        supervisor.stop();
        await().atMost(DEADLINE).until(() -> !thread.isAlive());
    }

    @Test
    void aProducerFencedByANewerOneStopsForGood() {
        assertStopsForGood(new ProducerFencedException("There is a newer producer with the same transactionalId"));
    }

    @Test
    void aStaticMemberReplacedByANewerOneStopsForGood() {
        assertStopsForGood(new FencedInstanceIdException("another member joined with the same group.instance.id"));
    }

    @Test
    void aFenceBehindAnotherErrorStopsForGood() {
        KafkaException commitFailed = new KafkaException("commit failed");
        commitFailed.addSuppressed(new ProducerFencedException("fenced while aborting"));
        assertStopsForGood(commitFailed);
        assertStopsForGood(new KafkaException("error state", new ProducerFencedException("fenced")));
    }

    @Test
    void anErrorThatIsNotAKafkaClientsEndsTheSupervisor() {
        IllegalStateException bug = new IllegalStateException("a bug");
        LoopSupervisor supervisor =
                supervisor(FakeLoop.failingWith(bug), Duration.ZERO, () -> made(FakeLoop.runningUntilStopped()));

        assertThatThrownBy(supervisor::run).isSameAs(bug);
        assertThat(made).isEmpty();
        assertThat(restarts).hasValue(0);
    }

    @Test
    void stopDuringTheBackOffEndsItAtOnceWithoutANewLoop() {
        LoopSupervisor supervisor = supervisor(
                FakeLoop.failingWith(new KafkaException("lost")),
                LONG_BACK_OFF,
                () -> made(FakeLoop.runningUntilStopped()));
        Thread thread = start(supervisor);
        await().atMost(DEADLINE).until(() -> thread.getState() == Thread.State.TIMED_WAITING);

        supervisor.stop();

        await().atMost(DEADLINE).until(() -> !thread.isAlive());
        assertThat(made).isEmpty();
        assertThat(restarts).hasValue(0);
    }

    @Test
    void stopEndsTheLoopRunning() {
        FakeLoop first = FakeLoop.runningUntilStopped();
        LoopSupervisor supervisor = supervisor(first, Duration.ZERO, () -> made(FakeLoop.runningUntilStopped()));
        Thread thread = start(supervisor);
        await().atMost(DEADLINE).until(() -> first.runs.get() == 1);

        supervisor.stop();

        await().atMost(DEADLINE).until(() -> !thread.isAlive());
        assertThat(made).isEmpty();
    }

    @Test
    void anErrorOfALoopBeingStoppedIsNoFailure() {
        FakeLoop first = FakeLoop.failingWhenStopped(new KafkaException("woken up"));
        LoopSupervisor supervisor = supervisor(first, Duration.ZERO, () -> made(FakeLoop.runningUntilStopped()));
        Thread thread = start(supervisor);
        await().atMost(DEADLINE).until(() -> first.runs.get() == 1);

        supervisor.stop();

        await().atMost(DEADLINE).until(() -> !thread.isAlive());
        assertThat(made).isEmpty();
        assertThat(restarts).hasValue(0);
    }

    @Test
    void namesAFailureAndItsCausesOnOneLine() {
        KafkaException failure = new KafkaException("error state", new InvalidTxnStateException("invalid state"));

        assertThat(LoopSupervisor.causes(failure))
                .isEqualTo("org.apache.kafka.common.KafkaException: error state; caused by"
                        + " org.apache.kafka.common.errors.InvalidTxnStateException: invalid state")
                .doesNotContain("\n");
    }

    private void assertStopsForGood(KafkaException fence) {
        made.clear();
        restarts.set(0);
        LoopSupervisor supervisor =
                supervisor(FakeLoop.failingWith(fence), Duration.ZERO, () -> made(FakeLoop.runningUntilStopped()));

        supervisor.run();

        assertThat(made).isEmpty();
        assertThat(restarts).hasValue(0);
    }

    private LoopSupervisor supervisor(FakeLoop first, Duration backOff, Supplier<FakeLoop> next) {
        return new LoopSupervisor(
                "test-dispatcher",
                first,
                next,
                new RestartBackOff(backOff, backOff, Clock.systemUTC()),
                restarts::incrementAndGet);
    }

    private FakeLoop made(FakeLoop loop) {
        made.add(loop);
        return loop;
    }

    private Thread start(LoopSupervisor supervisor) {
        Thread thread = new Thread(supervisor, "supervisor-under-test");
        threads.add(thread);
        thread.start();
        return thread;
    }

    /** A loop that fails at once, or runs until stopped (and then, if told, fails as a woken client does). */
    private static final class FakeLoop implements LoopSupervisor.Loop {

        private final RuntimeException failure;
        private final boolean failsAtOnce;
        private final AtomicInteger runs = new AtomicInteger();
        private final CountDownLatch stopped = new CountDownLatch(1);

        private FakeLoop(RuntimeException failure, boolean failsAtOnce) {
            this.failure = failure;
            this.failsAtOnce = failsAtOnce;
        }

        static FakeLoop failingWith(RuntimeException failure) {
            return new FakeLoop(failure, true);
        }

        static FakeLoop runningUntilStopped() {
            return new FakeLoop(null, false);
        }

        static FakeLoop failingWhenStopped(RuntimeException failure) {
            return new FakeLoop(failure, false);
        }

        @Override
        public void run() {
            runs.incrementAndGet();
            if (failsAtOnce) {
                throw failure;
            }
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (failure != null) {
                throw failure;
            }
        }

        @Override
        public void stop() {
            stopped.countDown();
        }

        @Override
        public boolean isClosingClients() {
            return false;
        }
    }
}
