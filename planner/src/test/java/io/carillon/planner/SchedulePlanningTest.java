package io.carillon.planner;

import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class SchedulePlanningTest extends PlannerTestSupport {

    private static final Instant WINTER_MORNING = Instant.parse("2026-01-15T07:00:00Z");

    @Test
    void fixedRateEmitsEachInstantOnceWithinTheHorizonAndItsRefillChunk() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING.plusMillis(250));

        planner.put(everySecond("tick"));
        List<FireEvent> atOnce = planner.fires();
        planner.advance(Duration.ofSeconds(30));
        List<FireEvent> later = planner.fires();

        assertThat(atOnce).extracting(FireEvent::scheduledAt).containsExactlyElementsOf(seconds(WINTER_MORNING, 1, 10));
        List<FireEvent> all = concat(atOnce, later);
        int lastSecond =
                (int) Duration.between(WINTER_MORNING, all.get(all.size() - 1).scheduledAt())
                        .toSeconds();
        assertThat(lastSecond)
                .as("30 s later, the horizon is still written ahead")
                .isGreaterThanOrEqualTo(40);
        assertThat(all)
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(WINTER_MORNING, 1, lastSecond));
        assertThat(all).allSatisfy(fire -> {
            assertThat(fire.fireId()).isEqualTo(FireIds.scheduled("tick", fire.scheduledAt()));
            assertThat(fire.kind()).isEqualTo(FireKind.SCHEDULED);
            assertThat(fire.attempt()).isEqualTo(1);
            assertThat(fire.params()).isEqualTo("{\"job\":true}");
            assertThat(fire.app()).isEqualTo("demo");
            assertThat(fire.scheduledAt())
                    .isAfter(fire.emittedAt())
                    .isBeforeOrEqualTo(
                            fire.emittedAt().plus(PlannerHarness.HORIZON).plus(PlannerHarness.CHUNK));
        });
    }

    @Test
    void cronFollowsTheJobsZone() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING);

        planner.put(job("berlin", Schedule.cron("0 0 9 * * ?", "Europe/Berlin")));
        planner.jumpTo(Instant.parse("2026-01-15T07:59:49Z"));
        assertThat(planner.fires()).isEmpty();
        planner.advance(Duration.ofSeconds(3));
        planner.jumpTo(Instant.parse("2026-01-16T07:59:55Z"));
        planner.advance(Duration.ofSeconds(1));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactly(Instant.parse("2026-01-15T08:00:00Z"), Instant.parse("2026-01-16T08:00:00Z"));
    }

    @Test
    void cronInSummerTimeFiresAnHourEarlierInUtc() {
        planner = new PlannerHarness(stateDir, Instant.parse("2026-07-15T06:59:55Z"));

        planner.put(job("berlin", Schedule.cron("0 0 9 * * ?", "Europe/Berlin")));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactly(Instant.parse("2026-07-15T07:00:00Z"));
    }

    @Test
    void unixFiveFieldCronFiresOnItsMinutes() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING);

        planner.put(job("five", Schedule.cron("*/5 * * * *", null)));
        planner.jumpTo(Instant.parse("2026-01-15T07:04:55Z"));
        planner.advance(Duration.ofSeconds(1));
        planner.jumpTo(Instant.parse("2026-01-15T07:09:55Z"));
        planner.advance(Duration.ofSeconds(1));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactly(Instant.parse("2026-01-15T07:05:00Z"), Instant.parse("2026-01-15T07:10:00Z"));
    }

    @Test
    void onceFiresOnceWhenItComesWithinTheHorizon() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING);
        Instant at = WINTER_MORNING.plus(Duration.ofMinutes(30));

        planner.put(job("once", Schedule.once(at)));
        planner.put(job("soon", Schedule.once(WINTER_MORNING.plusSeconds(3))));
        planner.put(job("past", Schedule.once(WINTER_MORNING.minusSeconds(3))));
        List<FireEvent> atOnce = planner.fires();
        planner.jumpTo(at.minusSeconds(12));
        planner.advance(Duration.ofSeconds(3));
        planner.jumpTo(at.plusSeconds(60));

        assertThat(atOnce)
                .extracting(FireEvent::jobId)
                .as("3 s past is within the misfire threshold: fires now")
                .containsExactly("soon", "past");
        assertThat(planner.fires())
                .extracting(FireEvent::jobId, FireEvent::scheduledAt)
                .containsExactly(Tuple.tuple("once", at));
    }

    @Test
    void noneNeverFires() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING);

        planner.put(job("manual", Schedule.none()));
        planner.advance(Duration.ofSeconds(12));
        planner.jumpTo(WINTER_MORNING.plus(Duration.ofDays(1)));

        assertThat(planner.fireEvents()).isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void aNewJobDoesNotFireInstantsBeforeNow() {
        planner = new PlannerHarness(stateDir, WINTER_MORNING.plusMillis(500));

        planner.put(job("cron", Schedule.cron("* * * * * ?", null)));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(seconds(WINTER_MORNING, 1, 10));
    }

    static List<Instant> seconds(Instant base, int first, int last) {
        return IntStream.rangeClosed(first, last).mapToObj(base::plusSeconds).toList();
    }

    static List<FireEvent> concat(List<FireEvent> first, List<FireEvent> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
