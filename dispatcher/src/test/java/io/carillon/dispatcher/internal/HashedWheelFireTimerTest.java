package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class HashedWheelFireTimerTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration TICK = Duration.ofMillis(5);
    private static final int SLOTS = 16;
    private static final TopicPartition P0 = new TopicPartition("fires", 0);
    private static final TopicPartition P1 = new TopicPartition("fires", 1);

    private final SettableClock clock = new SettableClock(T0);
    private final HashedWheelFireTimer timer = new HashedWheelFireTimer(TICK, SLOTS);

    @Test
    void expiresFiresInDueOrderAndOnlyWhenDue() {
        timer.add(held("c", 300, P0, 0));
        timer.add(held("a", 100, P0, 1));
        timer.add(held("b", 200, P0, 2));

        assertThat(timer.nextDue()).contains(T0.plusMillis(100));
        assertThat(expireAt(99)).isEmpty();
        assertThat(expireAt(200)).containsExactly("a", "b");
        assertThat(timer.nextDue()).contains(T0.plusMillis(300));
        assertThat(expireAt(1000)).containsExactly("c");
        assertThat(timer.nextDue()).isEmpty();
        assertThat(timer.size()).isZero();
    }

    @Test
    void ordersFiresWithinOneTickByTheirInstantAndNeverHandsOneOutEarly() {
        timer.add(held("at-4", 4, P0, 0));
        timer.add(held("at-1", 1, P0, 1));
        timer.add(held("at-3", 3, P0, 2));

        assertThat(expireAt(0)).isEmpty();
        assertThat(expireAt(1)).containsExactly("at-1");
        assertThat(expireAt(2)).isEmpty();
        assertThat(timer.nextDue()).contains(T0.plusMillis(3));
        assertThat(expireAt(4)).containsExactly("at-3", "at-4");
    }

    @Test
    void ordersFiresAcrossTicksWhenSeveralTicksPassAtOnce() {
        for (int i = 9; i >= 0; i--) {
            timer.add(held("f" + i, i * 7L, P0, i));
        }

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add("f" + i);
        }
        assertThat(expireAt(63)).containsExactlyElementsOf(expected);
    }

    @Test
    void sameInstantFiresExpireTogetherInArrivalOrder() {
        timer.add(held("x", 100, P0, 0));
        timer.add(held("y", 100, P1, 0));
        timer.add(held("z", 100, P0, 1));

        assertThat(expireAt(100)).containsExactly("x", "y", "z");
    }

    @Test
    void handsEachFireOutWithinOneTickOfItsInstantWhenAskedEveryTick() {
        for (int i = 0; i < 40; i++) {
            timer.add(held("f" + i, 3 + i * 11L, P0, i));
        }
        while (timer.size() > 0) {
            clock.advance(TICK);
            for (HeldFire fire : timer.expire(clock.instant())) {
                Duration lateness = Duration.between(fire.dueAt(), clock.instant());
                assertThat(lateness).isGreaterThanOrEqualTo(Duration.ZERO).isLessThan(TICK);
            }
        }
    }

    @Test
    void holdsFiresBeyondOneTurnOfTheWheelUntilTheirTurn() {
        Duration turn = TICK.multipliedBy(SLOTS);
        timer.add(held("near", 10, P0, 0));
        timer.add(held("far", 10 + turn.toMillis(), P0, 1));
        timer.add(held("farther", 10 + 3 * turn.toMillis() + 2, P0, 2));

        assertThat(expireAt(10)).containsExactly("near");
        assertThat(timer.nextDue()).contains(T0.plusMillis(10 + turn.toMillis()));
        assertThat(expireAt(10 + turn.toMillis() - 1)).isEmpty();
        assertThat(expireAt(10 + turn.toMillis())).containsExactly("far");
        assertThat(expireAt(10 + 3 * turn.toMillis() + 1)).isEmpty();
        assertThat(expireAt(10 + 3 * turn.toMillis() + 2)).containsExactly("farther");
    }

    @Test
    void aLongPauseHandsOutEverythingDueInOrderOnce() {
        Duration turn = TICK.multipliedBy(SLOTS);
        timer.add(held("c", 5 * turn.toMillis() + 1, P0, 0));
        timer.add(held("a", 1, P0, 1));
        timer.add(held("b", 2 * turn.toMillis(), P0, 2));
        timer.add(held("later", 20 * turn.toMillis(), P0, 3));

        assertThat(expireAt(10 * turn.toMillis())).containsExactly("a", "b", "c");
        assertThat(timer.size()).isEqualTo(1);
        assertThat(timer.nextDue()).contains(T0.plus(turn.multipliedBy(20)));
    }

    @Test
    void aFireAddedAfterItsInstantLeavesAtTheNextCall() {
        expireAt(500);
        timer.add(held("late", 100, P0, 0));
        timer.add(held("future", 600, P0, 1));

        assertThat(timer.nextDue()).contains(T0.plusMillis(100));
        assertThat(expireAt(500)).containsExactly("late");
        assertThat(expireAt(600)).containsExactly("future");
    }

    @Test
    void cancelRemovesTheHeldFireOnce() {
        timer.add(held("a", 100, P0, 0));
        timer.add(held("b", 200, P0, 1));

        assertThat(timer.cancel("a")).map(HeldFire::offset).contains(0L);
        assertThat(timer.cancel("a")).isEmpty();
        assertThat(timer.cancel("unknown")).isEmpty();
        assertThat(timer.nextDue()).contains(T0.plusMillis(200));
        assertThat(expireAt(500)).containsExactly("b");
    }

    @Test
    void aCancelledFireCanBeHeldAgain() {
        timer.add(held("a", 100, P0, 0));
        timer.cancel("a");

        assertThat(timer.add(held("a", 150, P0, 1))).isTrue();
        assertThat(expireAt(150)).containsExactly("a");
    }

    @Test
    void refusesASecondFireWithTheSameId() {
        assertThat(timer.add(held("a", 100, P0, 0))).isTrue();
        assertThat(timer.add(held("a", 50, P0, 1))).isFalse();
        assertThat(timer.nextDue()).contains(T0.plusMillis(100));
        assertThat(timer.expire(T0.plusMillis(100)))
                .extracting(HeldFire::offset)
                .containsExactly(0L);
    }

    @Test
    void removesTheFiresOfAPartition() {
        timer.add(held("a", 100, P0, 0));
        timer.add(held("b", 200, P1, 0));

        assertThat(timer.removeIf(fire -> fire.partition().equals(P0)))
                .extracting(HeldFire::fireId)
                .containsExactly("a");
        assertThat(timer.cancel("a")).isEmpty();
        assertThat(timer.size()).isEqualTo(1);
        assertThat(timer.nextDue()).contains(T0.plusMillis(200));
    }

    @Test
    void instantsBeforeTheEpochAndFarAheadAreHeldToo() {
        timer.add(held("ancient", -T0.toEpochMilli() - 1000, P0, 0));
        timer.add(held("distant", Duration.ofDays(365L * 500).toMillis(), P0, 1));

        assertThat(expireAt(0)).containsExactly("ancient");
        assertThat(timer.size()).isEqualTo(1);
    }

    @Test
    void rejectsATickBelowOneMillisecondAndNoSlots() {
        assertThatThrownBy(() -> new HashedWheelFireTimer(Duration.ofNanos(1000), 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tick");
        assertThatThrownBy(() -> new HashedWheelFireTimer(TICK, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("slots");
    }

    private List<String> expireAt(long millis) {
        clock.set(T0.plusMillis(millis));
        return timer.expire(clock.instant()).stream().map(HeldFire::fireId).toList();
    }

    static HeldFire held(String fireId, long dueMillis, TopicPartition partition, long offset) {
        FireEvent fire = new FireEvent(
                0,
                null,
                fireId,
                "job",
                1,
                "demo",
                "echo",
                T0.plusMillis(dueMillis),
                FireKind.SCHEDULED,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                T0);
        return new HeldFire(partition, offset, fire);
    }
}
