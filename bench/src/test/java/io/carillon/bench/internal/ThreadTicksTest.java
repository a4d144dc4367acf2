package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadTicksTest {

    @Test
    void readsUserAndSystemTicksBehindACommandNameWithSpacesAndParentheses() {
        String stat = "8901 (kafka-pro) (x)) S 8897 8897 1 0 -1 4194368 120 0 0 0 250 37 0 0 20 0 300 0 1 2 3";

        assertThat(ThreadTicks.parse(stat)).isEqualTo(287);
    }

    @Test
    void countsWhatEachThreadSpentBetweenSnapshotsANewThreadFromZeroAndNotAnEndedOne() {
        Map<Long, Long> spent = ThreadTicks.spent(Map.of(1L, 100L, 2L, 50L), Map.of(1L, 130L, 3L, 7L));

        assertThat(spent).containsOnly(Map.entry(1L, 30L), Map.entry(3L, 7L));
    }

    @Test
    void namesThreadsByTheirNativeIdInHexadecimalOrDecimal() {
        String dump = """
                2026-12-02 04:23:33
                Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing):

                "main" #1 prio=5 os_prio=0 cpu=19770.73ms elapsed=55.26s tid=0x00007f33dc017fb0 nid=0x22c5 runnable
                   java.lang.Thread.State: RUNNABLE

                "kafka-producer-network-thread | carillon-console" #70 daemon prio=5 tid=0x00007f nid=9001 runnable
                "C2 CompilerThread0" #15 daemon prio=9 os_prio=0 cpu=1.00ms elapsed=1.00s tid=0x1 nid=0x22d0 waiting
                """;

        assertThat(ThreadNames.parse(dump))
                .containsOnly(
                        Map.entry(0x22c5L, "main"),
                        Map.entry(9001L, "kafka-producer-network-thread | carillon-console"),
                        Map.entry(0x22d0L, "C2 CompilerThread0"));
    }
}
