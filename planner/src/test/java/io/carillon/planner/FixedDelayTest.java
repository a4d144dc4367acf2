package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FIXED_DELAY: the first fire at creation, each next one an interval after the previous run ended. */
class FixedDelayTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00.250Z");
    private static final Duration DELAY = Duration.ofSeconds(30);

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("delay", Schedule.fixedDelay(DELAY.toMillis())));
    }

    @Test
    void firesAtCreationThenWaitsForTheRunToEnd() {
        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("delay", START));
            assertThat(fire.kind()).isEqualTo(FireKind.SCHEDULED);
            assertThat(fire.scheduledAt()).isEqualTo(START);
        });
        planner.advanceCoarsely(Duration.ofMinutes(2));
        assertThat(planner.fires()).as("no run ended, so no next fire").isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void theNextFireIsTheRunsEndPlusTheDelay() {
        planner.fires();
        planner.advance(Duration.ofSeconds(6));
        Instant end = START.plusSeconds(5);
        planner.result(result("delay", FireIds.scheduled("delay", START), RunStatus.SUCCEEDED, 1, end));
        assertThat(planner.fires()).as("beyond the horizon: a timer").isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(25));
        FireEvent second = single(planner);
        assertThat(second.scheduledAt()).isEqualTo(end.plus(DELAY));
        assertThat(second.fireId()).isEqualTo(FireIds.scheduled("delay", end.plus(DELAY)));

        planner.advanceCoarsely(Duration.ofSeconds(10));
        Instant processedAt = planner.clock.instant();
        planner.result(result("delay", second.fireId(), RunStatus.FAILED, 1, null));
        planner.advanceCoarsely(DELAY);
        assertThat(single(planner).scheduledAt())
                .as("no finishedAt: from when the result was read")
                .isEqualTo(processedAt.plus(DELAY));
    }

    @Test
    void aReplayedOrForeignResultPlansNothing() {
        String first = FireIds.scheduled("delay", START);
        planner.fires();
        planner.result(result("delay", first, RunStatus.SUCCEEDED, 1, START.plusSeconds(1)));
        planner.result(result("delay", first, RunStatus.SUCCEEDED, 1, START.plusSeconds(2)));
        planner.request(request("manual-1", "delay", RequestType.RUN_NOW, null, null));
        planner.result(result("delay", "manual-1", RunStatus.SUCCEEDED, 1, START.plusSeconds(3)));
        planner.advanceCoarsely(Duration.ofMinutes(1));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactly(START, START.plusSeconds(1).plus(DELAY));
    }

    @Test
    void aRunThatEndedLongAgoFollowsTheMisfirePolicy() {
        planner.put(job("delay", Schedule.fixedDelay(DELAY.toMillis())).toBuilder()
                .version(2)
                .misfire(new MisfirePolicy(MisfireStrategy.CATCH_UP, 5_000, 10))
                .build());
        planner.fires();
        planner.jumpTo(START.plusSeconds(120));
        planner.result(
                result("delay", FireIds.scheduled("delay", START), RunStatus.SUCCEEDED, 1, START.plusSeconds(1)));

        FireEvent missed = single(planner);
        assertThat(missed.kind()).isEqualTo(FireKind.MISFIRE);
        assertThat(missed.fireId())
                .isEqualTo(FireIds.scheduled("delay", START.plusSeconds(1).plus(DELAY)));
        planner.advanceCoarsely(Duration.ofMinutes(1));
        assertThat(planner.fires()).as("the chain waits for the misfire's run").isEmpty();

        planner.result(result("delay", missed.fireId(), RunStatus.SUCCEEDED, 1, planner.clock.instant()));
        planner.advanceCoarsely(DELAY);
        assertThat(planner.fires()).hasSize(1);
    }

    @Test
    void disablingCancelsThePendingFireAndReEnablingFiresNow() {
        planner.fires();
        planner.result(
                result("delay", FireIds.scheduled("delay", START), RunStatus.SUCCEEDED, 1, START.plusMillis(100)));
        planner.advanceCoarsely(Duration.ofSeconds(25));
        FireEvent pending = single(planner);

        planner.put(job("delay", Schedule.fixedDelay(DELAY.toMillis())).toBuilder()
                .enabled(false)
                .version(2)
                .build());
        assertThat(planner.fireEvents()).singleElement().satisfies(cancel -> {
            assertThat(cancel.action()).isEqualTo(io.carillon.topics.events.FireAction.CANCEL);
            assertThat(cancel.fireId()).isEqualTo(pending.fireId());
        });
        planner.put(job("delay", Schedule.fixedDelay(DELAY.toMillis())).toBuilder()
                .version(3)
                .build());
        assertThat(single(planner).scheduledAt()).isEqualTo(planner.clock.instant());
    }

    private static FireEvent single(PlannerHarness planner) {
        var fires = planner.fires();
        assertThat(fires).hasSize(1);
        return fires.get(0);
    }
}
