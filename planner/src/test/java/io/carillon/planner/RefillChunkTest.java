package io.carillon.planner;

import static io.carillon.planner.SchedulePlanningTest.seconds;
import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The horizon refilled in chunks: a due scheduled timer writes the instants up to the horizon plus
 * {@link PlannerSettings#refillChunk()}, so a job firing every second is visited once per chunk. Each instant is
 * still written once and at least a horizon (less one punctuation) ahead, never more than horizon + chunk ahead, and
 * a change still cancels every fire written and not yet due.
 */
class RefillChunkTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00.250Z");
    private static final Instant WHOLE_SECOND = Instant.parse("2026-03-02T10:00:00Z");
    private static final Duration CHUNK = PlannerHarness.CHUNK;
    private static final Duration RUN = Duration.ofSeconds(30);
    private static final int MANY_JOBS = 150;
    /** Fires beyond the near horizon per punctuation: 1,000 a second per task at a 100 ms interval. */
    private static final int AHEAD_PER_PUNCTUATION = 100;

    private static final int AHEAD_PER_SECOND = 1_000;
    private static final Duration NEAR = Duration.ofSeconds(2);
    private static final int LATE_JOBS = 600;
    private static final Duration LATE_INTERVAL = Duration.ofMillis(500);
    private static final Duration BUDGET_RUN = Duration.ofSeconds(15);
    private static final int STEADY_JOBS = 1_200;
    private static final Duration STEADY_RUN = Duration.ofSeconds(40);
    /** By then the horizon the intake left to the punctuator is filled, and every visit is a chunk's. */
    private static final Duration STEADY_FROM = Duration.ofSeconds(15);
    /** The last instant the first visit of an every-second job started at {@link #START} writes. */
    private static final Instant END_OF_FIRST_CHUNK = WHOLE_SECOND.plusSeconds(PlannerHarness.FIRST_REFILL_END);

    @Test
    void everyInstantIsWrittenOnceAChunkPerVisitAtLeastAHorizonAheadAndAtMostAHorizonPlusAChunk() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(everySecond("tick"));
        List<FireEvent> all = new ArrayList<>(planner.fires());

        planner.advance(RUN);
        all.addAll(planner.fires());

        List<Instant> written = all.stream().map(FireEvent::scheduledAt).toList();
        assertThat(written).doesNotHaveDuplicates().isSorted();
        assertThat(written)
                .startsWith(seconds(WHOLE_SECOND, 1, (int) RUN.toSeconds()).toArray(Instant[]::new));
        Duration leastLead = PlannerHarness.HORIZON.minus(PlannerHarness.INTERVAL);
        assertThat(all)
                .allSatisfy(fire -> assertThat(fire.scheduledAt())
                        .isAfterOrEqualTo(fire.emittedAt().plus(startedWith(fire) ? Duration.ZERO : leastLead))
                        .isBeforeOrEqualTo(
                                fire.emittedAt().plus(PlannerHarness.HORIZON).plus(CHUNK)));
        Map<Instant, Long> perVisit = all.stream()
                .filter(fire -> !startedWith(fire))
                .collect(Collectors.groupingBy(FireEvent::emittedAt, Collectors.counting()));
        assertThat(perVisit).isNotEmpty().hasSizeLessThanOrEqualTo((int) RUN.dividedBy(CHUNK));
        assertThat(perVisit.values()).allSatisfy(count -> assertThat(count).isGreaterThanOrEqualTo(CHUNK.toSeconds()));
    }

    @Test
    void theChunksOfOnePunctuationAreWrittenInDueOrder() {
        planner = new PlannerHarness(stateDir, START);
        List<String> jobIds = List.of("a", "b", "c");
        jobIds.forEach(id -> planner.put(everySecond(id)));
        planner.fires();

        planner.advance(Duration.ofSeconds(1));

        List<FireEvent> visit = planner.fires();
        assertThat(visit).hasSize(jobIds.size() * (int) CHUNK.plusSeconds(1).toSeconds());
        assertThat(visit).extracting(FireEvent::dueAt).isSorted();
        assertThat(visit.subList(0, jobIds.size())).extracting(FireEvent::jobId).containsExactlyElementsOf(jobIds);
    }

    @Test
    void theFiresOfOnePunctuationDueAtOneInstantTravelAsOneRecord() {
        planner = new PlannerHarness(stateDir, START);
        List<String> jobIds = List.of("a", "b", "c");
        jobIds.forEach(id -> planner.put(everySecond(id)));
        planner.fires();

        planner.advance(Duration.ofSeconds(1));

        List<List<FireEvent>> records = planner.fireRecords();
        assertThat(records).hasSize((int) CHUNK.plusSeconds(1).toSeconds());
        assertThat(records).allSatisfy(record -> {
            assertThat(record).extracting(FireEvent::jobId).containsExactlyElementsOf(jobIds);
            assertThat(record)
                    .extracting(FireEvent::dueAt)
                    .containsOnly(record.get(0).dueAt());
        });
    }

    @Test
    void disablingCancelsEveryFireOfTheChunkNotYetDue() {
        JobDefinition job = tickForASecondAndAHalf();
        Map<String, FireEvent> written = byId(planner.fires());
        planner.advance(Duration.ofSeconds(3));
        written.putAll(byId(planner.fires()));
        Instant now = planner.clock.instant();

        planner.put(job.toBuilder().enabled(false).version(2).build());
        List<FireEvent> onDisable = planner.fireEvents();
        planner.advanceCoarsely(RUN);

        assertThat(written.values())
                .extracting(FireEvent::scheduledAt)
                .as("the chunk was written")
                .contains(END_OF_FIRST_CHUNK);
        assertThat(onDisable).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(onDisable)
                .extracting(FireEvent::fireId)
                .containsExactlyInAnyOrderElementsOf(written.values().stream()
                        .filter(fire -> fire.dueAt().isAfter(now))
                        .map(FireEvent::fireId)
                        .toList());
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void pausingAndDeletingCancelEveryFireOfTheChunkNotYetDue() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(everySecond("paused"));
        planner.put(everySecond("deleted"));
        planner.advance(Duration.ofMillis(1_500));
        List<FireEvent> written = new ArrayList<>(planner.fires());
        Instant now = planner.clock.instant();

        planner.request(request("pause-1", "paused", RequestType.PAUSE, null, null));
        planner.delete("deleted");
        List<FireEvent> cancels = planner.fireEvents();

        assertThat(written)
                .extracting(FireEvent::scheduledAt)
                .as("the chunk was written")
                .contains(END_OF_FIRST_CHUNK);
        assertThat(cancels).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(cancels)
                .extracting(FireEvent::fireId)
                .containsExactlyInAnyOrderElementsOf(written.stream()
                        .filter(fire -> fire.dueAt().isAfter(now))
                        .map(FireEvent::fireId)
                        .toList());
        planner.advanceCoarsely(RUN);
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void aSlowerScheduleCancelsTheChunksInstantsItNoLongerHasAndFiresItsOwnOnce() {
        JobDefinition job = tickForASecondAndAHalf();
        List<FireEvent> written = new ArrayList<>(planner.fires());
        Instant now = planner.clock.instant();

        planner.put(
                job.toBuilder().schedule(Schedule.fixedRate(4000)).version(2).build());
        List<FireEvent> onChange = planner.fireEvents();
        planner.advance(Duration.ofSeconds(20));
        List<FireEvent> after = planner.fires();
        Instant end = planner.clock.instant();

        List<String> notDue = written.stream()
                .filter(fire -> fire.dueAt().isAfter(now))
                .map(FireEvent::fireId)
                .toList();
        List<String> kept = written.stream()
                .filter(fire -> fire.dueAt().isAfter(now))
                .filter(fire -> fire.scheduledAt().getEpochSecond() % 4 == 0)
                .map(FireEvent::fireId)
                .toList();
        assertThat(onChange).extracting(FireEvent::action).containsOnly(FireAction.CANCEL);
        assertThat(onChange)
                .extracting(FireEvent::fireId)
                .containsExactlyInAnyOrderElementsOf(
                        notDue.stream().filter(id -> !kept.contains(id)).toList());
        List<Instant> fourSeconds = new ArrayList<>();
        written.stream()
                .filter(fire -> kept.contains(fire.fireId()))
                .forEach(fire -> fourSeconds.add(fire.scheduledAt()));
        after.forEach(fire -> fourSeconds.add(fire.scheduledAt()));
        assertThat(written)
                .extracting(FireEvent::scheduledAt)
                .as("the chunk was written")
                .contains(END_OF_FIRST_CHUNK);
        List<Instant> expected = new ArrayList<>();
        for (Instant instant = WHOLE_SECOND.plusSeconds(4);
                !instant.isAfter(end.plus(PlannerHarness.HORIZON));
                instant = instant.plusSeconds(4)) {
            expected.add(instant);
        }
        assertThat(fourSeconds)
                .doesNotHaveDuplicates()
                .startsWith(expected.toArray(Instant[]::new))
                .allSatisfy(instant -> assertThat(instant.getEpochSecond() % 4).isZero());
    }

    @Test
    void manyJobsKeepTheBudgetOfFiresWrittenAheadPerPunctuation() {
        List<FireEvent> all = startEverySecondJobs(MANY_JOBS);
        List<FireEvent> later = new ArrayList<>();
        for (int punctuation = 0; punctuation < BUDGET_RUN.dividedBy(PlannerHarness.INTERVAL); punctuation++) {
            takeAJobIn(punctuation);
            planner.advance(PlannerHarness.INTERVAL);
            List<FireEvent> written = planner.fires();
            Instant now = planner.clock.instant();
            assertThat(written)
                    .filteredOn(fire -> fire.scheduledAt().isAfter(now.plus(NEAR)))
                    .hasSizeLessThanOrEqualTo(AHEAD_PER_PUNCTUATION);
            later.addAll(written);
        }
        all.addAll(later);

        assertEveryJobFiresEverySecondOnce(all, MANY_JOBS);
        assertThat(later).allSatisfy(fire -> assertThat(fire.kind()).isEqualTo(FireKind.SCHEDULED));
    }

    @Test
    void punctuationsThatComeLateGrantTheBudgetOfTheTimeThatPassed() {
        List<FireEvent> all = startEverySecondJobs(LATE_JOBS);
        List<Integer> aheadPerPunctuation = new ArrayList<>();
        for (int punctuation = 0; punctuation < BUDGET_RUN.dividedBy(LATE_INTERVAL); punctuation++) {
            takeAJobIn(punctuation);
            planner.advance(LATE_INTERVAL, LATE_INTERVAL);
            aheadPerPunctuation.add(aheadOf(planner.fires(), all));
        }

        int perLateInterval = (int) (AHEAD_PER_PUNCTUATION * LATE_INTERVAL.dividedBy(PlannerHarness.INTERVAL));
        assertThat(aheadPerPunctuation)
                .allSatisfy(count -> assertThat(count).isLessThanOrEqualTo(perLateInterval))
                .anySatisfy(count -> assertThat(count).isGreaterThan(AHEAD_PER_PUNCTUATION));
        assertEveryJobFiresEverySecondOnce(all, LATE_JOBS);
    }

    @Test
    void withoutJobsTakenInEveryVisitWritesAWholeChunkHoweverManyJobsFire() {
        List<FireEvent> all = startEverySecondJobs(STEADY_JOBS);
        Map<String, Integer> visits = new HashMap<>();
        for (int punctuation = 0; punctuation < STEADY_RUN.dividedBy(PlannerHarness.INTERVAL); punctuation++) {
            planner.advance(PlannerHarness.INTERVAL);
            List<FireEvent> written = planner.fires();
            if (planner.clock.instant().isAfter(START.plus(STEADY_FROM))) {
                written.stream().map(FireEvent::jobId).distinct().forEach(job -> visits.merge(job, 1, Integer::sum));
            }
            all.addAll(written);
        }

        int chunkVisits = (int) STEADY_RUN.minus(STEADY_FROM).dividedBy(CHUNK.plusSeconds(1)) + 1;
        assertThat(visits).hasSize(STEADY_JOBS);
        assertThat(Collections.max(visits.values()))
                .as(
                        "the most visits of one job: %d jobs of one fire a second are more than the budget's %d a second",
                        STEADY_JOBS, AHEAD_PER_SECOND)
                .isLessThanOrEqualTo(chunkVisits);
        assertThat(all)
                .filteredOn(fire -> fire.jobId().equals("job-000"))
                .extracting(FireEvent::scheduledAt)
                .doesNotHaveDuplicates()
                .startsWith(
                        seconds(WHOLE_SECOND, 1, (int) STEADY_RUN.toSeconds()).toArray(Instant[]::new));
    }

    /** Plans a new job (of no schedule, so it writes no fire): the task is taking jobs in. */
    private void takeAJobIn(int number) {
        planner.put(job("arriving-" + number, Schedule.none()));
    }

    /** Starts the every-second job {@code tick} and lets it run 1.5 s; returns the job. */
    private JobDefinition tickForASecondAndAHalf() {
        planner = new PlannerHarness(stateDir, START);
        JobDefinition job = everySecond("tick");
        planner.put(job);
        planner.advance(Duration.ofMillis(1_500));
        return job;
    }

    /** Starts {@code count} every-second jobs; returns the fires written at once. */
    private List<FireEvent> startEverySecondJobs(int count) {
        planner = new PlannerHarness(stateDir, START);
        for (int i = 0; i < count; i++) {
            planner.put(everySecond(String.format("job-%03d", i)));
        }
        return new ArrayList<>(planner.fires());
    }

    /** Each of {@code jobs} jobs has every second of the budget run written once. */
    private static void assertEveryJobFiresEverySecondOnce(List<FireEvent> all, int jobs) {
        Map<String, List<Instant>> perJob = all.stream()
                .collect(Collectors.groupingBy(
                        FireEvent::jobId, Collectors.mapping(FireEvent::scheduledAt, Collectors.toList())));
        assertThat(perJob).hasSize(jobs);
        assertThat(perJob.values())
                .allSatisfy(instants -> assertThat(instants)
                        .doesNotHaveDuplicates()
                        .startsWith(seconds(WHOLE_SECOND, 1, (int) BUDGET_RUN.toSeconds())
                                .toArray(Instant[]::new)));
    }

    /** How many of {@code written} are due beyond the near horizon from now; adds them all to {@code all}. */
    private int aheadOf(List<FireEvent> written, List<FireEvent> all) {
        all.addAll(written);
        Instant now = planner.clock.instant();
        return (int) written.stream()
                .filter(fire -> fire.scheduledAt().isAfter(now.plus(NEAR)))
                .count();
    }

    @Test
    void aFixedDelayJobStillHasOneFireOut() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("delay", Schedule.fixedDelay(1000)));

        planner.advanceCoarsely(RUN);

        assertThat(planner.fires())
                .singleElement()
                .satisfies(fire -> assertThat(fire.scheduledAt()).isEqualTo(START));
    }

    private static boolean startedWith(FireEvent fire) {
        return fire.emittedAt().equals(START);
    }

    private static Map<String, FireEvent> byId(List<FireEvent> fires) {
        return fires.stream().collect(Collectors.toMap(FireEvent::fireId, Function.identity()));
    }
}
