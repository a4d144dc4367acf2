package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.testkit.SettableClock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HandlerStartsTest {

    private static final int KEYS = 200_000;

    private final HandlerStarts starts = new HandlerStarts(new SettableClock(Instant.EPOCH));

    @Test
    void countsEachKeysStartsAndKeepsTheEarliest() {
        StartKey key = new StartKey("job", 1_000, 0, 1);

        starts.add(key, 30);
        starts.add(key, 10);
        starts.add(key, 20);

        assertThat(starts.count(key)).isEqualTo(3);
        assertThat(starts.firstStartMicros(key)).isEqualTo(10);
        assertThat(starts.count(new StartKey("job", 2_000, 0, 1))).isZero();
        assertThat(starts.total()).isEqualTo(3);
    }

    @Test
    void aKeySeenWhileStartsAreStillAddedHasStartedAtLeastOnce() {
        CompletableFuture<Void> adding = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < KEYS; i++) {
                starts.add(new StartKey("job-" + i, 1_000, 0, 1), i);
            }
        });
        AtomicInteger neverStarted = new AtomicInteger();
        while (!adding.isDone()) {
            starts.forEach((key, seen) -> {
                if (seen.count() < 1) {
                    neverStarted.incrementAndGet();
                }
            });
        }
        adding.join();

        assertThat(neverStarted).hasValue(0);
        assertThat(starts.total()).isEqualTo(KEYS);
    }
}
