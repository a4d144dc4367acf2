package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The misfire rule at dispatch: a fire dispatched more than its job's misfire threshold after its instant is skipped
 * when the policy is DO_NOTHING (a SKIPPED result saying why, instead of a trigger). FIRE_ONCE_NOW and CATCH_UP fires
 * go anyway, and so do fires of kind MISFIRE, which the planner already decided. Whatever the policy, a SCHEDULED or
 * MISFIRE fire dispatched more than the policy's {@code maxLateMs} after its instant (a SCHEDULED fire's due instant,
 * its nominal instant plus jitter; a MISFIRE fire's nominal instant, the one that was missed) is skipped too: it
 * would start too late. Manual, retry, child and backfill fires have no such limit. A fire its concurrency limit granted
 * is never skipped: the rule was applied when it asked for its slot, and the time it waited is not lateness. Stateless.
 */
public final class MisfireRule {

    private final TopicCatalog catalog;

    public MisfireRule(TopicCatalog catalog) {
        this.catalog = catalog;
    }

    /** The SKIPPED result that replaces {@code fire} at {@code now}, or empty when it is to be dispatched. */
    public Optional<ProducerRecord<String, Object>> skip(FireEvent fire, Instant now) {
        if (fire.limit() != null && fire.limit().granted()) {
            return Optional.empty();
        }
        MisfirePolicy policy = fire.misfire();
        Optional<ProducerRecord<String, Object>> tooLate = tooLate(fire, now);
        if (tooLate.isPresent()) {
            return tooLate;
        }
        Duration lateness = Duration.between(fire.dueAt(), now);
        if (fire.kind() == FireKind.MISFIRE
                || policy.strategy() != MisfireStrategy.DO_NOTHING
                || lateness.toMillis() <= policy.thresholdMs()) {
            return Optional.empty();
        }
        String reason = "dispatched " + seconds(lateness.toMillis()) + " after its instant, beyond the misfire"
                + " threshold " + seconds(policy.thresholdMs()) + "; policy " + policy.strategy();
        RunResult result = RunResult.ofUnrunFire(fire, RunStatus.SKIPPED, reason, now);
        return Optional.of(new ProducerRecord<>(catalog.results(), fire.jobId(), result));
    }

    private Optional<ProducerRecord<String, Object>> tooLate(FireEvent fire, Instant now) {
        MisfirePolicy policy = fire.misfire();
        boolean scheduled = fire.kind() == FireKind.SCHEDULED || fire.kind() == FireKind.MISFIRE;
        Instant instant = fire.kind() == FireKind.MISFIRE ? fire.scheduledAt() : fire.dueAt();
        if (!scheduled || !policy.tooLate(instant, now)) {
            return Optional.empty();
        }
        String reason = "dispatched " + seconds(Duration.between(instant, now).toMillis())
                + " after its instant, beyond its maxLateMs " + seconds(policy.maxLateMs()) + "; not run";
        RunResult result = RunResult.ofUnrunFire(fire, RunStatus.SKIPPED, reason, now);
        return Optional.of(new ProducerRecord<>(catalog.results(), fire.jobId(), result));
    }

    /** {@code 7200} as "7.2 s", {@code 5000} as "5 s". */
    static String seconds(long millis) {
        BigDecimal seconds = BigDecimal.valueOf(millis).movePointLeft(3).setScale(1, RoundingMode.HALF_UP);
        return seconds.stripTrailingZeros().toPlainString() + " s";
    }
}
