package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    @Test
    void spentCountsTheGrowthOfEachThreadAndANewThreadFromZero() {
        Map<Long, Long> before = Map.of(1L, 100L, 2L, 50L, 3L, 70L);
        Map<Long, Long> after = Map.of(1L, 160L, 2L, 50L, 4L, 30L);

        assertThat(ThreadCpu.spentNanos(before, after))
                .as("60 + 0 + 30; thread 3 ended and is not counted")
                .isEqualTo(90L);
    }

    @Test
    void aSnapshotHoldsTheThreadsOfTheNameAndTheirCpu() throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Thread busy = new Thread(
                () -> {
                    try {
                        stop.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "thread-cpu-test-analytics-1");
        busy.start();
        try {
            Map<Long, Long> snapshot = ThreadCpu.snapshot("thread-cpu-test-analytics");

            assertThat(snapshot).containsOnlyKeys(busy.getId());
            assertThat(snapshot.get(busy.getId())).isNotNegative();
            assertThat(ThreadCpu.snapshot("no-thread-is-named-like-this")).isEmpty();
        } finally {
            stop.countDown();
            busy.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
