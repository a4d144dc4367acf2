package io.carillon.planner;

import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeadLetterTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
    }

    @Test
    void anUnparsableJobGoesToTheDlqWithWhereItCameFrom() {
        planner.rawJob("broken", "{not json");

        assertThat(planner.deadLetters()).singleElement().satisfies(letter -> {
            assertThat(letter.sourceTopic()).isEqualTo(planner.catalog.jobs());
            assertThat(letter.partition()).isZero();
            assertThat(letter.offset()).isZero();
            assertThat(letter.key()).isEqualTo("broken");
            assertThat(letter.value()).isEqualTo("{not json");
            assertThat(letter.reason()).startsWith("not a valid JobDefinition");
            assertThat(letter.component()).isEqualTo("planner");
            assertThat(letter.at()).isEqualTo(START);
        });
    }

    @Test
    void anInvalidJobNamesTheField() {
        planner.put(job("bad-cron", Schedule.cron("61 * * * * ?", null)));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason()).startsWith("schedule.cron: '61 * * * * ?'"));
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void aJobWhoseIdIsNotItsKeyIsRejected() {
        planner.rawJob("other", EventSerdes.JOB.toJson(everySecond("tick")));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter ->
                        assertThat(letter.reason()).isEqualTo("id: 'tick' does not match the record key 'other'"));
    }

    @Test
    void anOlderVersionIsRejected() {
        JobDefinition job = everySecond("tick").toBuilder().version(5).build();
        planner.put(job);

        planner.put(
                job.toBuilder().schedule(Schedule.fixedRate(5000)).version(4).build());

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason())
                        .isEqualTo("version: 4 is older than the version 5 the planner already has"));
    }

    @Test
    void anUnparsableRequestGoesToTheDlq() {
        planner.rawRequest("tick", "\u0000\u00ff garbage");

        assertThat(planner.deadLetters()).singleElement().satisfies(letter -> {
            assertThat(letter.sourceTopic()).isEqualTo(planner.catalog.requests());
            assertThat(letter.reason()).startsWith("not a valid JobRequest");
        });
    }

    @Test
    void anInvalidRequestNamesTheField() {
        planner.put(everySecond("tick"));
        planner.request(request("r-1", "tick", RequestType.RUN_AT, null, null));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason()).isEqualTo("at: is required for RUN_AT"));
    }

    @Test
    void aRequestForAnUnknownJobGoesToTheDlqAfterTheGrace() {
        planner.request(request("r-1", "ghost", RequestType.RUN_NOW, null, null));
        planner.advanceCoarsely(PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE);

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason())
                        .isEqualTo("jobId: unknown job 'ghost': no "
                                + "definition arrived on the jobs topic within the grace of 30000 ms"));
        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void badResultsGoToTheDlqNamingTheProblem() {
        planner.put(job("tick", Schedule.none()));
        RunResult good = TestJobs.result("tick", "tick@1", RunStatus.FAILED, 1, START);

        planner.rawResult("tick", "{ not a result");
        planner.rawResult("tick", "{\"runId\":\"tick@1#0\",\"fireId\":\"tick@1\",\"jobId\":\"tick\"}");
        planner.rawResult("other", EventSerdes.RESULT.toJson(good));
        planner.rawResult("tick", null);
        planner.rawResult("tick", "{\"runId\":\"r\",\"fireId\":\"f\",\"jobId\":\"tick\",\"status\":\"FINE\"}");

        assertThat(planner.deadLetters())
                .allSatisfy(letter -> assertThat(letter.sourceTopic()).isEqualTo(planner.catalog.results()))
                .extracting(DeadLetter::reason)
                .satisfiesExactly(
                        reason -> assertThat(reason).startsWith("not a valid RunResult"),
                        reason -> assertThat(reason).isEqualTo("status: is required"),
                        reason -> assertThat(reason).isEqualTo("jobId: 'tick' does not match the record key 'other'"),
                        reason -> assertThat(reason).startsWith("value: is required"),
                        reason -> assertThat(reason).contains("status"));
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aJobKeepsFiringAfterBadRecords() {
        planner.put(everySecond("tick"));
        planner.advance(Duration.ofSeconds(1));
        planner.fireEvents();

        planner.rawJob("tick", "{\"id\":\"tick\",\"schedule\":{\"type\":\"SOMETIMES\"}}");
        planner.rawJob(null, "{}");
        planner.rawRequest("tick", "not json");
        planner.rawRequest("tick", null);
        planner.advance(PlannerHarness.CHUNK.plusSeconds(1));

        assertThat(planner.deadLetters())
                .hasSize(4)
                .extracting(DeadLetter::reason)
                .allSatisfy(reason -> assertThat(reason).isNotBlank());
        int nextChunk = PlannerHarness.FIRST_REFILL_END + 1;
        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactlyElementsOf(SchedulePlanningTest.seconds(
                        START, nextChunk, nextChunk + (int) PlannerHarness.CHUNK.toSeconds()));
    }
}
