package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonSerdeTest {

    @Test
    void aJobSurvivesTheRoundTripAndWritesInstantsAsIsoText() {
        JobDefinition job = JobDefinition.builder("tick")
                .app("demo")
                .handler("echo")
                .schedule(Schedule.once(Instant.parse("2026-12-24T18:00:00Z")))
                .build();

        String json = EventSerdes.JOB.toJson(job);

        assertThat(json)
                .contains("\"at\":\"2026-12-24T18:00:00Z\"")
                .contains("\"schemaVersion\":1")
                .doesNotContain("null");
        assertThat(EventSerdes.JOB.parse(json)).isEqualTo(job);
    }

    @Test
    void theDesignsJsonShapeParsesWithDefaultsFilledIn() {
        JobDefinition job = EventSerdes.JOB.parse("""
                {"id":"tick","app":"demo","handler":"echo","enabled":true,"version":1,
                 "schedule":{"type":"FIXED_RATE","intervalMs":1000},"someFutureField":42}""");

        assertThat(job.schedule().type()).isEqualTo(ScheduleType.FIXED_RATE);
        assertThat(job.schedule().intervalMs()).isEqualTo(1000L);
        assertThat(job.routing()).isEqualTo(RoutingStrategy.ROUND_ROBIN);
        assertThat(job.misfire().strategy()).isEqualTo(MisfireStrategy.FIRE_ONCE_NOW);
        assertThat(job.schemaVersion()).isEqualTo(1);
    }

    @Test
    void declarationsWrittenBeforeWorkflowsCouldBeDeclaredReadAsDeclaringNone() {
        io.carillon.topics.events.AppDeclarations declared = EventSerdes.DECLARATIONS.parse("""
                {"schemaVersion":1,"app":"reports","appVersion":"1.0","declaredAt":"2026-12-01T00:00:00Z",
                 "jobs":[{"id":"tick","app":"reports","handler":"echo","schedule":{"type":"NONE"}}]}""");

        assertThat(declared.jobs()).hasSize(1);
        assertThat(declared.workflows()).isEmpty();
    }

    @Test
    void aScheduleWithoutCalendarsHasNeitherFieldAndOneWithThemReadsThemBack() {
        JobDefinition plain = JobDefinition.builder("tick")
                .app("demo")
                .handler("echo")
                .schedule(Schedule.cron("0 0 9 * * ?", "Europe/Berlin"))
                .build();
        JobDefinition withCalendars = plain.toBuilder()
                .schedule(plain.schedule()
                        .skipping(java.util.List.of("holidays-de"))
                        .onlyOn("business-days"))
                .build();

        assertThat(EventSerdes.JOB.toJson(plain)).doesNotContain("skip").doesNotContain("onlyOn");
        assertThat(EventSerdes.JOB.toJson(withCalendars))
                .contains("\"skip\":[\"holidays-de\"],\"onlyOn\":\"business-days\"");
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(withCalendars))).isEqualTo(withCalendars);
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(plain))).isEqualTo(plain);
    }

    @Test
    void aCalendarWritesDatesAndTimesAsIsoTextAndReadsThemBack() {
        var calendar = io.carillon.topics.events.Calendar.named("night", "Europe/Berlin")
                .withDates(java.util.List.of(java.time.LocalDate.parse("2026-12-25")))
                .withTimes(java.util.List.of(new io.carillon.topics.events.TimeWindow(
                        java.time.LocalTime.of(22, 0), java.time.LocalTime.of(6, 0))));
        String json = EventSerdes.CALENDAR.toJson(calendar);
        assertThat(json).contains("\"dates\":[\"2026-12-25\"]").contains("\"from\":\"22:00:00\"");
        assertThat(EventSerdes.CALENDAR.parse(json)).isEqualTo(calendar);
    }

    @Test
    void tagsAreWrittenOnlyWhenAJobHasSomeAndReadAsEmptyWhenAbsent() {
        JobDefinition untagged =
                JobDefinition.builder("tick").app("demo").handler("echo").build();
        JobDefinition tagged = untagged.toBuilder()
                .tags(java.util.List.of("nightly", "finance"))
                .build();

        assertThat(EventSerdes.JOB.toJson(untagged)).doesNotContain("tags");
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(untagged)).tags())
                .isEmpty();
        assertThat(EventSerdes.JOB.toJson(tagged)).contains("\"tags\":[\"nightly\",\"finance\"]");
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(tagged))).isEqualTo(tagged);
    }

    @Test
    void aRetryPolicyWithoutCapLeavesMaxBackoffOutAndReadsItBack() {
        JobDefinition uncapped = JobDefinition.builder("tick")
                .app("demo")
                .handler("echo")
                .retry(new RetryPolicy(3, 1000, 2, 0))
                .build();
        JobDefinition capped =
                uncapped.toBuilder().retry(new RetryPolicy(3, 1000, 2, 60_000)).build();

        assertThat(EventSerdes.JOB.toJson(uncapped)).doesNotContain("maxBackoffMs");
        assertThat(EventSerdes.JOB
                        .parse(EventSerdes.JOB.toJson(uncapped))
                        .retry()
                        .maxBackoffMs())
                .isEqualTo(RetryPolicy.NO_CAP);
        assertThat(EventSerdes.JOB.toJson(capped)).contains("\"maxBackoffMs\":60000");
    }

    @Test
    void pauseAfterFailuresAndMaxLateAreWrittenOnlyWhenSetAndReadBack() {
        JobDefinition plain =
                JobDefinition.builder("tick").app("demo").handler("echo").build();
        JobDefinition guarded = plain.toBuilder()
                .pauseAfterFailures(3)
                .misfire(new MisfirePolicy(MisfireStrategy.CATCH_UP, 0, 0, 60_000))
                .build();

        assertThat(EventSerdes.JOB.toJson(plain))
                .doesNotContain("pauseAfterFailures")
                .doesNotContain("maxLateMs");
        assertThat(EventSerdes.JOB.toJson(guarded))
                .contains("\"pauseAfterFailures\":3")
                .contains("\"maxLateMs\":60000");
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(guarded))).isEqualTo(guarded);
    }

    @Test
    void anUnknownEnumValueNamesTheField() {
        assertThatThrownBy(() -> EventSerdes.JOB.parse("""
                {"id":"tick","app":"demo","handler":"echo","schedule":{"type":"WEEKLY"}}"""))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("field 'schedule.type'")
                .hasMessageContaining("WEEKLY");
    }

    @Test
    void bytesThatAreNotJsonGiveAClearError() {
        assertThatThrownBy(() -> EventSerdes.REQUEST.parse("not json"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a valid JobRequest");
    }

    @Test
    void nullIsATombstoneBothWays() {
        assertThat(EventSerdes.JOB.serialize("t", null)).isNull();
        assertThat(EventSerdes.JOB.deserialize("t", null)).isNull();
    }

    @Test
    void aClaimBatchSurvivesTheRoundTripAndItsClaimsAreClaims() {
        Instant at = Instant.parse("2026-12-24T18:00:00Z");
        Trigger trigger = new Trigger(
                1,
                "tick@1#0",
                "tick@1",
                "tick",
                "demo",
                "echo",
                null,
                FireKind.SCHEDULED,
                1,
                at,
                at,
                0,
                1,
                null,
                0,
                "w-1",
                null);
        RunResult claim = RunResult.of(trigger, "w-1", RunStatus.STARTED, null, null, "claimed", null, at);
        ClaimBatch batch = new ClaimBatch(List.of(claim), "w-1", at);

        ClaimBatch read = EventSerdes.CLAIM_BATCH.parse(EventSerdes.CLAIM_BATCH.toJson(batch));

        assertThat(read).isEqualTo(batch);
        assertThat(EventSerdes.CLAIM_BATCH.toJson(batch)).startsWith("{\"claims\":[");
        assertThat(read.claims()).allMatch(ClaimBatch::isClaim);
        assertThat(ClaimBatch.isClaim(RunResult.of(trigger, "w-1", RunStatus.STARTED, at, null, null, null, at)))
                .isFalse();
    }
}
