package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The planner's store values in their binary form, and the JSON values of earlier planners still read. */
class StoreValuesTest {

    private static final Instant AT = Instant.parse("2026-01-15T07:00:01.000000123Z");

    private final JobDefinition job = JobDefinition.builder("tick")
            .app("demo")
            .handler("echo")
            .schedule(Schedule.fixedRate(1000))
            .params("{\"é\":\"ünïcode\"}")
            .children(List.of("child"))
            .jitterMs(250)
            .version(3)
            .build();
    private final Timer retry = new Timer("tick", "tick@1~2", AT, FireKind.RETRY, "{\"p\":1}", "run#0", 2, null);
    private final Timer backfill = new Timer("tick", "req-1", AT, FireKind.BACKFILL, null, null, 1, AT.plusSeconds(60));
    private final Timer shardRetry = new Timer("tick", "tick@1#2~2", AT, FireKind.RETRY, null, null, 2, null, 2, 4);
    private final JobState state = new JobState(
            job,
            true,
            AT.plusSeconds(10),
            AT.plusSeconds(9),
            List.of(
                    new PendingFire("tick@1", AT, FireKind.SCHEDULED, AT.plusMillis(120)),
                    new PendingFire("req-2", AT.plusSeconds(2), FireKind.MANUAL, null)),
            List.of(retry, backfill, shardRetry));

    @Test
    void aJobStateSurvivesTheBinaryForm() {
        byte[] value = JobStore.encode(state, EventSerdes.JOB.serialize(null, job));

        assertThat(value[0]).isEqualTo(StoreEncoding.FORMAT);
        assertThat(JobStore.decode(value).state()).isEqualTo(state);
    }

    @Test
    void aJobStatesFailuresSurviveTheBinaryFormAndAValueWithoutThemHasNone() {
        byte[] definition = EventSerdes.JOB.serialize(null, job);
        JobState counting = state.withFailures(new FailureStreak(2, null, null));
        JobState paused = state.withFailures(new FailureStreak(0, "paused:nightly:nightly@1", AT));

        assertThat(JobStore.decode(JobStore.encode(counting, definition)).state())
                .isEqualTo(counting);
        assertThat(JobStore.decode(JobStore.encode(paused, definition)).state()).isEqualTo(paused);
        assertThat(JobStore.decode(JobStore.encode(state, definition)).state().failures())
                .isEqualTo(FailureStreak.NONE);
    }

    @Test
    void anEmptyJobStateSurvivesTheBinaryForm() {
        JobState fresh = JobState.of(job);

        assertThat(JobStore.decode(JobStore.encode(fresh, EventSerdes.JOB.serialize(null, job)))
                        .state())
                .isEqualTo(fresh);
    }

    @Test
    void aJobStateWrittenAsJsonIsStillRead() {
        byte[] json = JsonSerde.of(JobState.class).serialize(null, state);

        assertThat(JobStore.decode(json).state()).isEqualTo(state);
    }

    @Test
    void timersSurviveTheBinaryFormAndJsonIsStillRead() {
        TimerSerde serde = new TimerSerde();

        for (Timer timer : List.of(retry, backfill, shardRetry, Timer.scheduled("tick", AT))) {
            assertThat(serde.deserialize(null, serde.serialize(null, timer))).isEqualTo(timer);
            assertThat(serde.deserialize(null, JsonSerde.of(Timer.class).serialize(null, timer)))
                    .isEqualTo(timer);
        }
    }

    @Test
    void anOpenRunKeepsItsStartedResultsJsonAndJsonValuesAreStillRead() {
        RunResult started = new RunResult(
                RunResult.SCHEMA_VERSION,
                "tick@1#0",
                "tick@1",
                "tick",
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                AT,
                AT.plusMillis(3),
                null,
                null,
                null,
                null,
                AT.plusMillis(3));
        byte[] json = EventSerdes.RESULT.serialize(null, started);
        OpenRun run = new OpenRun(started, AT.plusSeconds(1), AT.plusSeconds(60));

        byte[] value = OpenRuns.encode(run.seenAt(), run.timeoutAt(), json, "worker-1");

        assertThat(value[0]).isEqualTo(StoreEncoding.FORMAT);
        assertThat(OpenRuns.decode(value)).isEqualTo(run);
        assertThat(OpenRuns.decode(OpenRuns.encode(run.seenAt(), null, json, "worker-1"))
                        .timeoutAt())
                .isNull();
        assertThat(OpenRuns.decode(JsonSerde.of(OpenRun.class).serialize(null, run)))
                .isEqualTo(run);
    }

    @Test
    void anOpenRunsHeadIsReadWithoutItsJsonAndFromValuesWithoutTheInstance() {
        RunResult claim = new RunResult(
                RunResult.SCHEMA_VERSION,
                "tick@1#0",
                "tick@1",
                "tick",
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                AT,
                null,
                null,
                "claimed",
                null,
                null,
                AT);
        byte[] json = EventSerdes.RESULT.serialize(null, claim);
        Instant seenAt = AT.plusSeconds(1);
        byte[] withoutInstance = new StoreEncoding.Writer()
                .writeInstant(seenAt)
                .writeInstant(null)
                .writeBytes(json)
                .toByteArray();

        OpenRuns.Head head = OpenRuns.head(OpenRuns.encode(seenAt, null, json, "worker-1"));
        OpenRuns.Head earlier = OpenRuns.head(withoutInstance);
        OpenRuns.Head asJson =
                OpenRuns.head(JsonSerde.of(OpenRun.class).serialize(null, new OpenRun(claim, seenAt, null)));

        for (OpenRuns.Head read : List.of(head, earlier, asJson)) {
            assertThat(read.instance()).isEqualTo("worker-1");
            assertThat(read.seenAt()).isEqualTo(seenAt);
            assertThat(read.timeoutAt()).isNull();
            assertThat(read.run()).isEqualTo(new OpenRun(claim, seenAt, null));
        }
        assertThat(OpenRuns.head(OpenRuns.encode(seenAt, null, json, null)).instance())
                .isNull();
    }

    @Test
    void timerKeysSortByTime() {
        Timer early = Timer.scheduled("b", Instant.ofEpochMilli(999));
        Timer late = Timer.scheduled("a", Instant.ofEpochMilli(1_000));

        assertThat(TimerStore.key(early)).isEqualTo("0000000000000000999|b|b@999");
        assertThat(TimerStore.key(early)).isLessThan(TimerStore.key(late));
    }
}
