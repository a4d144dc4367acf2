package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.WhenBusy;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LimitValidatorTest {

    private static final Instant T = Instant.parse("2026-12-02T10:00:00Z");

    @Test
    void aValidLimitHasNoProblems() {
        assertThat(LimitValidator.validate(ConcurrencyLimit.of("warehouse-db", 4)))
                .isEmpty();
    }

    @Test
    void eachProblemOfALimitNamesItsField() {
        ConcurrencyLimit bad = ConcurrencyLimit.of("Warehouse DB", 0).withDescription("x".repeat(1_001));
        assertThat(LimitValidator.validate(bad))
                .extracting(FieldError::field)
                .containsExactly("id", "max", "description");
        assertThat(LimitValidator.validate(ConcurrencyLimit.of("big", LimitValidator.MAX_MAX + 1)))
                .extracting(FieldError::field)
                .containsExactly("max");
    }

    @Test
    void aJobsConcurrencyIsCheckedUnderItsPrefixAndRefusedWithBroadcastRouting() {
        JobDefinition job = JobDefinition.builder("import")
                .app("reports")
                .handler("import")
                .concurrency(Concurrency.of("Not Ok"))
                .routing(RoutingStrategy.SHARDING_BROADCAST)
                .build();
        assertThat(JobValidator.validate(job))
                .extracting(FieldError::field)
                .containsExactly("concurrency.limit", "concurrency");
        assertThat(JobValidator.validate(job.toBuilder()
                        .concurrency(Concurrency.of("warehouse-db"))
                        .routing(RoutingStrategy.ROUND_ROBIN)
                        .build()))
                .isEmpty();
    }

    @Test
    void aFireOfALimitedJobClaimsTheLimitAndTheClaimSurvivesJsonAndCommands() {
        JobDefinition job = JobDefinition.builder("import")
                .app("reports")
                .handler("import")
                .concurrency(new Concurrency("warehouse-db", WhenBusy.FAIL))
                .build();
        FireEvent fire = FireEvent.of(job, "import@1", T, FireKind.SCHEDULED, 1, null, null, T);
        assertThat(fire.needsLimit()).isTrue();
        assertThat(fire.limit().whenBusy()).isEqualTo(WhenBusy.FAIL);
        assertThat(EventSerdes.FIRE.parse(EventSerdes.FIRE.toJson(fire))).isEqualTo(fire);
        FireEvent granted = fire.withLimit(fire.limit().grant()).dueAt(T.plusSeconds(5));
        assertThat(granted.needsLimit()).isFalse();
        assertThat(granted.limit().granted()).isTrue();
        assertThat(EventSerdes.JOB.parse(EventSerdes.JOB.toJson(job))).isEqualTo(job);
        LimitCommand acquire = LimitCommand.acquire(fire, "dispatcher", T);
        assertThat(EventSerdes.LIMIT_COMMAND.parse(EventSerdes.LIMIT_COMMAND.toJson(acquire)))
                .isEqualTo(acquire);
        FireEvent plain = FireEvent.of(
                job.toBuilder().concurrency(null).build(), "import@2", T, FireKind.SCHEDULED, 1, null, null, T);
        assertThat(plain.limit()).isNull();
        assertThat(EventSerdes.FIRE.toJson(plain)).doesNotContain("limit");
    }
}
