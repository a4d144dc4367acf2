package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JobValidatorTest {

    private static JobDefinition.Builder valid() {
        return JobDefinition.builder("billing.run-1")
                .app("billing")
                .handler("run")
                .schedule(Schedule.fixedRate(1000));
    }

    @Test
    void aValidJobHasNoErrors() {
        assertThat(JobValidator.validate(valid().build())).isEmpty();
    }

    @Test
    void eachBadFieldIsNamed() {
        JobDefinition job = JobDefinition.builder("Bad Id")
                .app("Not An App")
                .handler(" ")
                .schedule(Schedule.cron("61 * * * * ?", null))
                .timeoutMs(-1)
                .build();

        assertThat(JobValidator.validate(job))
                .extracting(FieldError::field)
                .containsExactly("id", "app", "handler", "schedule.cron", "timeoutMs");
    }

    @Test
    void aMissingIdOrAppIsRequiredAndABadOneIsQuoted() {
        JobDefinition missing = JobDefinition.builder(" ")
                .handler("run")
                .schedule(Schedule.fixedRate(1000))
                .build();
        JobDefinition bad = valid().app("Not An App").build();

        assertThat(JobValidator.validate(missing))
                .containsExactly(new FieldError("id", "is required"), new FieldError("app", "is required"));
        assertThat(JobValidator.validate(bad))
                .extracting(FieldError::message)
                .singleElement()
                .asString()
                .startsWith("'Not An App' is not a valid app name");
    }

    @Test
    void alertingNumbersAreChecked() {
        assertThat(JobValidator.validate(valid().alerting(Alerting.builtIn()).build()))
                .isEmpty();
        assertThat(JobValidator.validate(valid().alerting(new Alerting(
                                true, 0, -2, true, -5L, true, -1L, null, null, null, null, null, null, null, null))
                        .build()))
                .extracting(FieldError::field)
                .containsExactly(
                        "alerting.consecutive",
                        "alerting.recoverAfter",
                        "alerting.startGraceMs",
                        "alerting.noWorkerGraceMs");
    }

    @Test
    void theBoundsOfTheOverrunSlowAndFailureRateRulesAreChecked() {
        Alerting inBounds =
                new Alerting(null, null, null, null, null, null, null, true, 1_000L, true, 1.5, true, 99, 60_000L, 1);
        assertThat(JobValidator.validate(valid().alerting(inBounds).build())).isEmpty();
        Alerting tooSmall =
                new Alerting(null, null, null, null, null, null, null, true, 999L, true, 1.0, true, 0, 59_999L, 0);
        assertThat(JobValidator.validate(valid().alerting(tooSmall).build()))
                .extracting(FieldError::field)
                .containsExactly(
                        "alerting.maxRuntimeMs",
                        "alerting.slowFactor",
                        "alerting.failureRatePercent",
                        "alerting.failureRateWindowMs",
                        "alerting.failureRateMinRuns");
        Alerting tooLarge = new Alerting(
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                true,
                JobValidator.MAX_MAX_RUNTIME_MS + 1,
                true,
                Double.NaN,
                true,
                100,
                86_400_001L,
                10_001);
        assertThat(JobValidator.validate(tooLarge))
                .extracting(FieldError::field)
                .containsExactly(
                        "alerting.maxRuntimeMs",
                        "alerting.slowFactor",
                        "alerting.failureRatePercent",
                        "alerting.failureRateWindowMs",
                        "alerting.failureRateMinRuns");
        assertThat(JobValidator.validate(Alerting.builtIn())).isEmpty();
    }

    @Test
    void scheduleFieldsAreCheckedPerType() {
        assertThat(JobValidator.validate(valid().schedule(new Schedule(null, null, null, null, null, null, null))
                        .build()))
                .extracting(FieldError::field)
                .containsExactly("schedule.type");
        assertThat(JobValidator.validate(valid().schedule(Schedule.fixedRate(5)).build()))
                .extracting(FieldError::field)
                .containsExactly("schedule.intervalMs");
        assertThat(JobValidator.validate(valid().schedule(Schedule.once(null)).build()))
                .extracting(FieldError::field)
                .containsExactly("schedule.at");
        assertThat(JobValidator.validate(valid().schedule(Schedule.cron("0 0 9 * * ?", "Mars/Olympus"))
                        .build()))
                .extracting(FieldError::field)
                .containsExactly("schedule.zone");
    }

    @Test
    void tagsAreShortSlugsWithoutRepeatsAndBoundedInNumber() {
        assertThat(JobValidator.validate(valid().tags(java.util.List.of("nightly", "team.finance"))
                        .build()))
                .isEmpty();
        assertThat(JobValidator.validate(
                        valid().tags(java.util.List.of("ok", "Not OK", "ok")).build()))
                .extracting(FieldError::field)
                .containsExactly("tags[1]", "tags[2]");
        assertThat(JobValidator.validate(
                        valid().tags(java.util.List.of("x".repeat(65))).build()))
                .extracting(FieldError::field)
                .containsExactly("tags[0]");
        java.util.List<String> many = java.util.stream.IntStream.rangeClosed(0, JobValidator.MAX_TAGS)
                .mapToObj(i -> "t" + i)
                .toList();
        assertThat(JobValidator.validate(valid().tags(many).build()))
                .extracting(FieldError::field)
                .containsExactly("tags");
    }

    @Test
    void pauseAfterFailuresIsFromOneToItsBoundAndZeroMeansNever() {
        assertThat(JobValidator.validate(valid().pauseAfterFailures(3).build())).isEmpty();
        assertThat(JobValidator.validate(valid().pauseAfterFailures(0).build())).isEmpty();
        assertThat(valid().pauseAfterFailures(0).build().pauseAfterFailures()).isNull();
        assertThat(JobValidator.validate(valid().pauseAfterFailures(JobValidator.MAX_PAUSE_AFTER_FAILURES)
                        .build()))
                .isEmpty();

        assertThat(JobValidator.validate(valid().pauseAfterFailures(-1).build()))
                .extracting(FieldError::field)
                .containsExactly("pauseAfterFailures");
        assertThat(JobValidator.validate(valid().pauseAfterFailures(JobValidator.MAX_PAUSE_AFTER_FAILURES + 1)
                        .build()))
                .extracting(FieldError::toString)
                .containsExactly("pauseAfterFailures: must be from 1 to 1000 (0 or absent: never pause)");
    }

    @Test
    void maxLateIsZeroOrFromOneSecondToThirtyDays() {
        assertThat(JobValidator.validate(valid().misfire(late(0)).build())).isEmpty();
        assertThat(JobValidator.validate(
                        valid().misfire(late(JobValidator.MIN_MAX_LATE_MS)).build()))
                .isEmpty();
        assertThat(JobValidator.validate(
                        valid().misfire(late(JobValidator.MAX_MAX_LATE_MS)).build()))
                .isEmpty();

        for (long bad : new long[] {-1, JobValidator.MIN_MAX_LATE_MS - 1, JobValidator.MAX_MAX_LATE_MS + 1}) {
            assertThat(JobValidator.validate(valid().misfire(late(bad)).build()))
                    .extracting(FieldError::field)
                    .as("maxLateMs %d", bad)
                    .containsExactly("misfire.maxLateMs");
        }
    }

    private static MisfirePolicy late(long maxLateMs) {
        return new MisfirePolicy(MisfireStrategy.FIRE_ONCE_NOW, 0, 0, maxLateMs);
    }

    @Test
    void requestsNeedTheirFields() {
        JobRequest backfill = new JobRequest(
                1,
                "r-1",
                "job",
                RequestType.BACKFILL,
                null,
                Instant.parse("2026-01-02T00:00:00Z"),
                Instant.parse("2026-01-01T00:00:00Z"),
                null,
                null,
                null,
                null);
        assertThat(JobValidator.validate(backfill))
                .extracting(FieldError::field)
                .containsExactly("to");

        JobRequest runAt = new JobRequest(1, "", "job", RequestType.RUN_AT, null, null, null, null, null, null, null);
        assertThat(JobValidator.validate(runAt)).extracting(FieldError::field).containsExactly("requestId", "at");
    }
}
