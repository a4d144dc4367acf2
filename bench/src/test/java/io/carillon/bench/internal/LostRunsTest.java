package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LostRunsTest {

    @Test
    void alikeVerdictsOfDifferentWorkersAndTimesFoldToOneReason() {
        String first = "worker 'w1-7f3a' stopped sending heartbeats: the planner received its last one at "
                + "2026-12-07T10:15:02.123456Z, which expired at 2026-12-07T10:15:08.123456Z";
        String second = "worker 'w3-0001' stopped sending heartbeats: the planner received its last one at "
                + "2026-12-07T11:00:00Z, which expired at 2026-12-07T11:00:06Z";

        assertThat(LostRuns.reason(first))
                .isEqualTo(LostRuns.reason(second))
                .isEqualTo("worker '…' stopped sending heartbeats: the planner received its last one at <instant>, "
                        + "which expired at <instant>");
        assertThat(LostRuns.reason("no terminal result within 3000 ms")).isEqualTo("no terminal result within N ms");
    }

    @Test
    void aMissingMessageAndALongOneStayReadable() {
        assertThat(LostRuns.reason(null)).isEqualTo("no message");
        assertThat(LostRuns.reason(" ")).isEqualTo("no message");
        assertThat(LostRuns.reason("x".repeat(500))).hasSize(201).endsWith("…");
    }
}
