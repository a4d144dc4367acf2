package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LimitCommandType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The concurrency limit a run holds travels with the run: on its trigger, on every result a worker builds from the
 * trigger, and through JSON; and a WITHDRAW names the job and kind of the waiting fires it takes out of the queue.
 */
class LimitCarriedTest {

    private static final Instant T = Instant.parse("2026-12-02T10:00:00Z");

    @Test
    void aTriggersLimitReachesItsResultsThroughJson() {
        Trigger trigger = new Trigger(
                1,
                "import@1#0",
                "import@1",
                "import",
                "etl",
                "load",
                null,
                FireKind.SCHEDULED,
                1,
                T,
                T,
                0,
                1,
                null,
                0,
                "w-1",
                null,
                T,
                null,
                "warehouse-db");
        Trigger read = EventSerdes.TRIGGER.deserialize("t", EventSerdes.TRIGGER.serialize("t", trigger));
        assertThat(read).isEqualTo(trigger);

        RunResult ended = RunResult.of(read, "w-1", RunStatus.SUCCEEDED, T, T, "ok", null, T);
        RunResult readBack = EventSerdes.RESULT.deserialize("t", EventSerdes.RESULT.serialize("t", ended));
        assertThat(readBack.limit()).isEqualTo("warehouse-db");
        assertThat(readBack.withOutput("{}").limit()).isEqualTo("warehouse-db");
    }

    @Test
    void aResultOfARunWithoutALimitWritesNoLimitField() {
        Trigger trigger = new Trigger(
                1, "a@1#0", "a@1", "a", "etl", "load", null, FireKind.SCHEDULED, 1, T, T, 0, 1, null, 0, "w-1", null);
        String json = EventSerdes.RESULT.toJson(RunResult.of(trigger, "w-1", RunStatus.FAILED, T, T, "x", null, T));
        assertThat(json).doesNotContain("limit");
        assertThat(EventSerdes.TRIGGER.toJson(trigger)).doesNotContain("limit");
    }

    @Test
    void aWithdrawNeedsAJobButNoFire() {
        LimitCommand withdraw =
                LimitCommand.withdraw("warehouse-db", "import", FireKind.SCHEDULED, "job 'import' was paused", "p", T);
        LimitCommand read =
                EventSerdes.LIMIT_COMMAND.deserialize("t", EventSerdes.LIMIT_COMMAND.serialize("t", withdraw));
        assertThat(read).isEqualTo(withdraw);
        assertThat(read.type()).isEqualTo(LimitCommandType.WITHDRAW);
        assertThat(LimitValidator.validate(read, "warehouse-db")).isEmpty();

        LimitCommand noJob = LimitCommand.withdraw("warehouse-db", null, null, "gone", "p", T);
        assertThat(LimitValidator.validate(noJob, "warehouse-db"))
                .extracting(FieldError::field)
                .containsExactly("jobId");
    }
}
