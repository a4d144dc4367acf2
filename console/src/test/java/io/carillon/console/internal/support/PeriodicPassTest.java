package io.carillon.console.internal.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PeriodicPassTest {

    /** Longer than any test runs: a pass after this pause would mean the pause was not skipped. */
    private static final Duration LONG_PAUSE = Duration.ofHours(1);

    private final AtomicInteger passes = new AtomicInteger();
    private final PeriodicPass pass =
            new PeriodicPass("test", () -> LONG_PAUSE, Duration.ofSeconds(10), passes::incrementAndGet);

    @AfterEach
    void stop() {
        pass.stop();
    }

    @Test
    void runsAPassAtTheStartAndTheNextOneWhenWokenInsteadOfAfterItsPause() {
        pass.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> passes.get() == 1);

        pass.wake();

        await().atMost(Duration.ofSeconds(10)).until(() -> passes.get() == 2);
        assertThat(pass.isRunning()).isTrue();
    }

    @Test
    void wakingAStoppedPassDoesNothing() {
        pass.wake();

        assertThat(passes.get()).isZero();
        assertThat(pass.isRunning()).isFalse();
    }
}
