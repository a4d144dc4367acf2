package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;

class SortedFireTimerTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final TopicPartition P0 = new TopicPartition("fires", 0);
    private static final TopicPartition P1 = new TopicPartition("fires", 1);

    private final SortedFireTimer timer = new SortedFireTimer();

    @Test
    void expiresFiresInDueOrderAndOnlyWhenDue() {
        timer.add(held("c", 300, P0, 0));
        timer.add(held("a", 100, P0, 1));
        timer.add(held("b", 200, P0, 2));

        assertThat(timer.nextDue()).contains(T0.plusMillis(100));
        assertThat(timer.expire(T0.plusMillis(99))).isEmpty();
        assertThat(timer.expire(T0.plusMillis(200))).extracting(HeldFire::fireId).containsExactly("a", "b");
        assertThat(timer.nextDue()).contains(T0.plusMillis(300));
        assertThat(timer.expire(T0.plusMillis(1000))).extracting(HeldFire::fireId).containsExactly("c");
        assertThat(timer.nextDue()).isEmpty();
        assertThat(timer.size()).isZero();
    }

    @Test
    void sameInstantFiresExpireTogetherInArrivalOrder() {
        timer.add(held("x", 100, P0, 0));
        timer.add(held("y", 100, P0, 1));
        timer.add(held("z", 100, P0, 2));

        assertThat(timer.expire(T0.plusMillis(100))).extracting(HeldFire::fireId).containsExactly("x", "y", "z");
    }

    @Test
    void cancelRemovesTheHeldFireOnce() {
        timer.add(held("a", 100, P0, 0));
        timer.add(held("b", 200, P0, 1));

        assertThat(timer.cancel("a")).map(HeldFire::offset).contains(0L);
        assertThat(timer.cancel("a")).isEmpty();
        assertThat(timer.cancel("unknown")).isEmpty();
        assertThat(timer.expire(T0.plusMillis(500))).extracting(HeldFire::fireId).containsExactly("b");
    }

    @Test
    void refusesASecondFireWithTheSameId() {
        assertThat(timer.add(held("a", 100, P0, 0))).isTrue();
        assertThat(timer.add(held("a", 50, P0, 1))).isFalse();
        assertThat(timer.expire(T0.plusMillis(100))).extracting(HeldFire::offset).containsExactly(0L);
    }

    @Test
    void removesTheFiresOfAPartition() {
        timer.add(held("a", 100, P0, 0));
        timer.add(held("b", 200, P1, 0));

        assertThat(timer.removeIf(fire -> fire.partition().equals(P0))).extracting(HeldFire::fireId)
                .containsExactly("a");
        assertThat(timer.cancel("a")).isEmpty();
        assertThat(timer.size()).isEqualTo(1);
    }

    static HeldFire held(String fireId, long dueMillis, TopicPartition partition, long offset) {
        FireEvent fire = new FireEvent(0, null, fireId, "job", 1, "demo", "echo", T0.plusMillis(dueMillis),
                FireKind.SCHEDULED, 1, null, null, null, null, 0, null, null, T0);
        return new HeldFire(partition, offset, fire);
    }
}
