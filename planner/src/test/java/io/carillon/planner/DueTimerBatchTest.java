package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Schedule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Many timers due at once (a planner back after a stop, every hourly job of one second): one punctuation of a task
 * handles a bounded batch, earliest first, and the next punctuations the rest, each fire once. The fires are due
 * within the near horizon, so the budget of fires written ahead ({@code MAX_AHEAD_FIRES_PER_SECOND}) does not apply.
 */
class DueTimerBatchTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-01-15T07:00:00Z");
    private static final int BATCH = 500;
    private static final int LATER_JOBS = 750;
    private static final int EARLIER_JOBS = 250;

    @Test
    void aPunctuationWritesTheEarliestDueFiresFirstAndTheNextOnesTheRest() {
        planner = new PlannerHarness(stateDir, START);
        for (int i = 0; i < LATER_JOBS; i++) {
            planner.put(job(String.format("later-%03d", i), Schedule.cron("30 0 8 * * ?", "UTC")));
        }
        for (int i = 0; i < EARLIER_JOBS; i++) {
            planner.put(job(String.format("earlier-%03d", i), Schedule.cron("25 0 8 * * ?", "UTC")));
        }
        assertThat(planner.fires()).isEmpty();

        planner.jumpTo(Instant.parse("2026-01-15T08:00:29Z"));
        List<FireEvent> first = planner.fires();
        List<FireEvent> all = new ArrayList<>(first);
        for (int punctuation = 0; punctuation < 3; punctuation++) {
            planner.advance(PlannerHarness.INTERVAL);
            all.addAll(planner.fires());
        }

        assertThat(first).hasSize(BATCH);
        assertThat(first)
                .filteredOn(fire -> fire.jobId().startsWith("earlier-"))
                .hasSize(EARLIER_JOBS);
        assertThat(all).hasSize(LATER_JOBS + EARLIER_JOBS);
        assertThat(all).extracting(FireEvent::fireId).doesNotHaveDuplicates();
        assertThat(all).extracting(FireEvent::scheduledAt).isSorted();
    }
}
