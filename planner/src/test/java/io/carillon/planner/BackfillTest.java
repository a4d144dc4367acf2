package io.carillon.planner;

import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** BACKFILL: each scheduled instant of a range once, apart from the live schedule, capped and paced. */
class BackfillTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final int PER_PUNCTUATION = 20;
    private static final int CAP = 50;

    @Test
    void eachScheduledInstantOfTheRangeFiresOnceAsBackfill() {
        start();
        planner.put(job("hourly", Schedule.cron("0 0 * * * ?", "UTC")).toBuilder()
                .enabled(false)
                .build());
        planner.request(backfill(
                "bf-1", "hourly", START.minusSeconds(5 * 3600), START.minusSeconds(2 * 3600), "{\"backfill\":1}"));
        planner.request(backfill("bf-1", "hourly", START.minusSeconds(5 * 3600), START.minusSeconds(2 * 3600), null));
        assertThat(planner.fires()).as("written by the punctuator").isEmpty();

        planner.advance(PlannerHarness.INTERVAL);

        List<FireEvent> fires = planner.fires();
        assertThat(fires)
                .extracting(FireEvent::scheduledAt)
                .containsExactly(
                        START.minusSeconds(5 * 3600),
                        START.minusSeconds(4 * 3600),
                        START.minusSeconds(3 * 3600),
                        START.minusSeconds(2 * 3600));
        assertThat(fires).allSatisfy(fire -> {
            assertThat(fire.kind()).isEqualTo(FireKind.BACKFILL);
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("hourly", fire.scheduledAt()) + "!backfill");
            assertThat(fire.params()).isEqualTo("{\"backfill\":1}");
        });
        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(planner.fires()).isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void aBackfillIsPacedAndCappedWithANoticeForTheRest() {
        start();
        planner.put(everySecond("tick"));
        planner.fires();
        Instant from = START.minusSeconds(100);
        planner.request(backfill("bf-1", "tick", from, START.minusSeconds(1), null));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason())
                        .isEqualTo("to: a backfill makes at most 50 fires; [" + from + ", " + from.plusSeconds(49)
                                + "] is backfilled, the instants from " + from.plusSeconds(50) + " to "
                                + START.minusSeconds(1) + " are not"));
        planner.advance(PlannerHarness.INTERVAL);
        assertThat(backfills()).hasSize(PER_PUNCTUATION);
        planner.advance(PlannerHarness.INTERVAL);
        assertThat(backfills()).hasSize(PER_PUNCTUATION);
        planner.advance(Duration.ofSeconds(1));
        assertThat(backfills())
                .extracting(FireEvent::scheduledAt)
                .as("the rest, then nothing more")
                .containsExactlyElementsOf(SchedulePlanningTest.seconds(from, 40, 49));
    }

    @Test
    void twoBackfillsShareThePaceAndLeaveTheLiveScheduleAlone() {
        start();
        planner.put(everySecond("tick"));
        planner.put(everySecond("tock"));
        List<FireEvent> live = planner.fires();
        planner.request(backfill("bf-1", "tick", START.minusSeconds(30), START.minusSeconds(1), null));
        planner.request(backfill("bf-2", "tock", START.minusSeconds(30), START.plusSeconds(5), null));

        planner.advance(PlannerHarness.INTERVAL);
        assertThat(backfills()).hasSize(PER_PUNCTUATION);
        planner.advance(Duration.ofSeconds(2));

        List<FireEvent> all = planner.fireEvents();
        assertThat(all)
                .filteredOn(fire -> fire.kind() == FireKind.BACKFILL)
                .hasSize(30 + 36 - PER_PUNCTUATION)
                .extracting(FireEvent::fireId)
                .doesNotHaveDuplicates()
                .allMatch(id -> id.endsWith("!backfill"));
        assertThat(all)
                .filteredOn(fire -> fire.kind() == FireKind.SCHEDULED)
                .extracting(FireEvent::fireId)
                .doesNotContainAnyElementsOf(
                        live.stream().map(FireEvent::fireId).toList());
    }

    @Test
    void aRangeWithoutInstantsIsANotice() {
        start();
        planner.put(job("once", Schedule.once(START.plusSeconds(3600))));
        planner.request(backfill("bf-1", "once", START.minusSeconds(60), START, null));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter ->
                        assertThat(letter.reason()).startsWith("from, to: job 'once' has no scheduled instant in"));
        planner.advance(PlannerHarness.INTERVAL);
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aDeletedJobsBackfillStops() {
        start();
        planner.put(everySecond("tick"));
        planner.request(backfill("bf-1", "tick", START.minusSeconds(45), START.minusSeconds(1), null));
        planner.advance(PlannerHarness.INTERVAL);
        planner.fires();
        planner.delete("tick");
        planner.advance(Duration.ofSeconds(1));

        assertThat(planner.fires()).isEmpty();
    }

    private void start() {
        planner = new PlannerHarness(
                stateDir,
                START,
                new PlannerSettings(PlannerHarness.HORIZON, PlannerHarness.INTERVAL, PER_PUNCTUATION, CAP));
    }

    private List<FireEvent> backfills() {
        return planner.fires().stream()
                .filter(fire -> fire.kind() == FireKind.BACKFILL)
                .toList();
    }

    private static JobRequest backfill(String requestId, String jobId, Instant from, Instant to, String params) {
        return new JobRequest(
                JobRequest.SCHEMA_VERSION,
                requestId,
                jobId,
                RequestType.BACKFILL,
                null,
                from,
                to,
                params,
                null,
                "test",
                null);
    }
}
