package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jitter: each fire is due (dispatched) at its nominal instant plus an offset in [0, jitterMs) derived from its fire
 * id; the fire id and {@code scheduledAt} keep the nominal instant.
 */
class JitterTest {

    private static final Instant START = Instant.parse("2026-03-02T09:59:58Z");
    private static final Instant TEN_O_CLOCK = Instant.parse("2026-03-02T10:00:00Z");
    private static final long JITTER_MS = 5_000;
    private static final int JOBS = 40;

    @TempDir
    Path firstDir;

    @TempDir
    Path secondDir;

    @Test
    void jobsOnOneCronAreSpreadOverTheJitterWindowTheSameWayOnEveryPlanner() {
        List<FireEvent> first = tenOClockFires(firstDir);
        List<FireEvent> second = tenOClockFires(secondDir);

        assertThat(first).hasSize(JOBS).allSatisfy(fire -> {
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled(fire.jobId(), TEN_O_CLOCK));
            assertThat(fire.scheduledAt()).as("the nominal instant").isEqualTo(TEN_O_CLOCK);
            assertThat(Duration.between(TEN_O_CLOCK, fire.dueAt()).toMillis())
                    .isNotNegative()
                    .isLessThan(JITTER_MS);
        });
        assertThat(first.stream().map(FireEvent::dueAt).distinct().count())
                .as("spread, not all on one millisecond")
                .isGreaterThan(JOBS / 2);
        assertThat(byId(second)).isEqualTo(byId(first));
    }

    @Test
    void aJitteredFireIsCancelledUntilItsDispatchInstant() {
        try (PlannerHarness planner = new PlannerHarness(firstDir, START)) {
            JobDefinition job = jittered("j-0");
            planner.put(job);
            FireEvent fire = planner.fires().get(0);
            Duration offset = Duration.between(TEN_O_CLOCK, fire.dueAt());
            assertThat(offset)
                    .as("so the disable comes after the nominal instant")
                    .isPositive();
            planner.jumpTo(fire.dueAt().minusMillis(1));
            planner.fireEvents();

            planner.put(job.toBuilder().enabled(false).version(2).build());

            assertThat(planner.fireEvents())
                    .filteredOn(event -> event.action() == FireAction.CANCEL)
                    .extracting(FireEvent::fireId)
                    .as("offset %s", offset)
                    .contains(fire.fireId());
        }
    }

    @Test
    void aJobWithoutJitterFiresOnTheInstant() {
        try (PlannerHarness planner = new PlannerHarness(firstDir, START)) {
            planner.put(job("plain", Schedule.cron("0 * * * * ?", "UTC")));

            assertThat(planner.fires())
                    .extracting(FireEvent::scheduledAt, FireEvent::dueAt)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(TEN_O_CLOCK, TEN_O_CLOCK));
        }
    }

    private static List<FireEvent> tenOClockFires(Path stateDir) {
        try (PlannerHarness planner = new PlannerHarness(stateDir, START)) {
            IntStream.range(0, JOBS).forEach(i -> planner.put(jittered("j-" + i)));
            return planner.fires();
        }
    }

    private static JobDefinition jittered(String id) {
        return job(id, Schedule.cron("0 * * * * ?", "UTC")).toBuilder()
                .jitterMs(JITTER_MS)
                .build();
    }

    private static Map<String, Instant> byId(List<FireEvent> fires) {
        return fires.stream().collect(Collectors.toMap(FireEvent::fireId, FireEvent::dueAt));
    }
}
