package io.carillon.planner;

import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.planner.internal.PlannerStores;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RequestsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00.123Z");

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("manual", Schedule.none()).toBuilder().enabled(false).build());
    }

    @Test
    void runNowFiresAtOnceWithTheRequestsParams() {
        planner.request(request("req-1", "manual", RequestType.RUN_NOW, null, "{\"override\":1}"));

        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo("req-1");
            assertThat(fire.kind()).isEqualTo(FireKind.MANUAL);
            assertThat(fire.scheduledAt()).isEqualTo(START);
            assertThat(fire.emittedAt()).isEqualTo(START);
            assertThat(fire.params()).isEqualTo("{\"override\":1}");
            assertThat(fire.handler()).isEqualTo("echo");
        });
    }

    @Test
    void runNowWithoutParamsUsesTheJobsParams() {
        planner.request(request("req-1", "manual", RequestType.RUN_NOW, null, null));

        assertThat(planner.fires()).extracting(FireEvent::params).containsExactly("{\"job\":true}");
    }

    @Test
    void aRequestIdActsOnce() {
        JobRequest runNow = request("req-1", "manual", RequestType.RUN_NOW, null, null);
        planner.request(runNow);
        planner.advance(Duration.ofSeconds(1));
        planner.request(runNow);
        planner.request(request("req-1", "manual", RequestType.RUN_AT, START.plusSeconds(60), null));
        planner.advance(Duration.ofSeconds(1));
        planner.request(request("req-2", "manual", RequestType.RUN_NOW, null, null));

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("req-1", "req-2");
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void aRequestIdIsForgottenAfterItsRetention() {
        JobRequest runNow = request("req-1", "manual", RequestType.RUN_NOW, null, null);
        planner.request(runNow);
        planner.jumpTo(START.plus(PlannerStores.REQUEST_ID_RETENTION).plus(Duration.ofDays(1)));
        planner.request(runNow);

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("req-1", "req-1");
    }

    @Test
    void runAtIsKeptInTheTimerStoreUntilItComesWithinTheHorizon() {
        Instant at = START.plus(Duration.ofHours(6));

        planner.request(request("later", "manual", RequestType.RUN_AT, at, "{\"p\":2}"));
        List<FireEvent> atOnce = planner.fires();
        planner.jumpTo(at.minusSeconds(11));
        List<FireEvent> beforeHorizon = planner.fires();
        planner.advance(Duration.ofSeconds(2));
        planner.jumpTo(at.plusSeconds(60));

        assertThat(atOnce).isEmpty();
        assertThat(beforeHorizon).isEmpty();
        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo("later");
            assertThat(fire.scheduledAt()).isEqualTo(at);
            assertThat(fire.kind()).isEqualTo(FireKind.MANUAL);
            assertThat(fire.params()).isEqualTo("{\"p\":2}");
        });
    }

    @Test
    void runAtWithinTheHorizonIsWrittenAtOnce() {
        planner.request(request("soon", "manual", RequestType.RUN_AT, START.plusSeconds(5), null));

        assertThat(planner.fires()).extracting(FireEvent::scheduledAt).containsExactly(START.plusSeconds(5));
    }

    @Test
    void deletingAJobDropsItsRunAtTimers() {
        planner.request(request("later", "manual", RequestType.RUN_AT, START.plus(Duration.ofHours(1)), null));
        planner.delete("manual");
        planner.jumpTo(START.plus(Duration.ofHours(1)));
        planner.advance(Duration.ofSeconds(1));

        assertThat(planner.fireEvents()).isEmpty();
    }

    @Test
    void childFiresAtOnceWithTheParentRunId() {
        planner.request(new JobRequest(
                JobRequest.SCHEMA_VERSION,
                "child-1",
                "manual",
                RequestType.CHILD,
                null,
                null,
                null,
                null,
                "parent@1#0",
                "test",
                null));

        assertThat(planner.fires()).singleElement().satisfies(fire -> {
            assertThat(fire.kind()).isEqualTo(FireKind.CHILD);
            assertThat(fire.parentRunId()).isEqualTo("parent@1#0");
        });
    }

    @Test
    void runNowDoesNotDisturbTheSchedule() {
        planner.put(everySecond("tick"));
        planner.fires();

        planner.request(request("now", "tick", RequestType.RUN_NOW, null, null));
        planner.advance(Duration.ofSeconds(2));

        assertThat(planner.fires())
                .extracting(FireEvent::fireId)
                .containsExactlyElementsOf(Stream.concat(
                                Stream.of("now"),
                                SchedulePlanningTest.seconds(
                                                Instant.parse("2026-03-02T10:00:00Z"),
                                                11,
                                                PlannerHarness.FIRST_REFILL_END)
                                        .stream()
                                        .map(at -> FireIds.scheduled("tick", at)))
                        .toList());
    }
}
