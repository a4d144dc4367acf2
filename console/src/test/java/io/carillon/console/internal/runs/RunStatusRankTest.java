package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.RunStatus;
import org.junit.jupiter.api.Test;

class RunStatusRankTest {

    @Test
    void ranksWaitingBeforeStartedBeforeProgressBeforeEveryTerminalStatus() {
        assertThat(RunStatusRank.of(RunStatus.WAITING)).isLessThan(RunStatusRank.of(RunStatus.STARTED));
        assertThat(RunStatusRank.of(RunStatus.STARTED)).isLessThan(RunStatusRank.of(RunStatus.PROGRESS));
        for (RunStatus status : RunStatus.values()) {
            if (status.isTerminal()) {
                assertThat(RunStatusRank.of(status))
                        .isEqualTo(RunStatusRank.terminal())
                        .isGreaterThan(RunStatusRank.of(RunStatus.PROGRESS));
            }
        }
    }

    @Test
    void writesTheSameRanksAsSql() {
        assertThat(RunStatusRank.sql("r.status"))
                .isEqualTo(
                        "(CASE r.status WHEN 'WAITING' THEN 1 WHEN 'STARTED' THEN 2 WHEN 'PROGRESS' THEN 3 ELSE 4 END)");
    }
}
