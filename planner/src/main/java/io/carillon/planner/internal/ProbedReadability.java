package io.carillon.planner.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PartitionReadability} found by asking the partitions' leaders for their end offsets ({@link EndOffsets}),
 * only for the partitions verdicts ask about and at most once per {@link #PROBE_INTERVAL}: a planner with no run to
 * judge sends nothing. A partition is settled when its latest probe, begun at most {@link #STALE_AFTER} ago, had an
 * answer, no probe of it has been waiting longer than {@link #SLOW} (a leader cut off does not answer at all), and, if
 * a probe ever found it unreadable, it has answered for {@link #SETTLE} since: a consumer that reads the partition
 * again after its leadership moved needs a moment to catch up. Until its first probe has answered a partition is not
 * settled, so a verdict waits one open-run check more. A partition found unreadable, and readable again, is logged
 * once each. Thread-safe: called from every stream thread of a planner, and from the threads answering the probes.
 */
public final class ProbedReadability implements PartitionReadability, AutoCloseable {

    /** A probe runs when a verdict asks about a partition whose latest probe began this long ago or more. */
    static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
    /** A probe's answer counts this long from the probe's start. */
    static final Duration STALE_AFTER = PROBE_INTERVAL.multipliedBy(2);
    /** A probe still waiting after this long makes its partitions unsettled: a healthy leader answers in milliseconds. */
    static final Duration SLOW = Duration.ofMillis(500);
    /** How long a probe waits for a leader's answer before it counts the partition unreadable. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** After a partition was unreadable, how long it answers before verdicts trust it: the open-run check's quiet. */
    static final Duration SETTLE = ResultsProgress.QUIET;
    /** A partition no verdict asked about for this long is probed no more. */
    static final Duration FORGET_AFTER = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(ProbedReadability.class);

    private final EndOffsets endOffsets;
    private final Clock clock;
    private final Map<TopicPartition, Probed> probed = new HashMap<>();
    private final Map<TopicPartition, Instant> askedAt = new HashMap<>();
    private final Set<TopicPartition> inFlight = new HashSet<>();
    private Instant inFlightSince;

    ProbedReadability(EndOffsets endOffsets, Clock clock) {
        this.endOffsets = endOffsets;
        this.clock = clock;
    }

    /**
     * Readability probed with a Kafka {@code Admin} client of {@code adminConfig}, created at the first probe and
     * closed by {@link #close()}.
     */
    public static ProbedReadability overAdmin(Map<String, Object> adminConfig, Clock clock) {
        return new ProbedReadability(new AdminEndOffsets(adminConfig), clock);
    }

    @Override
    public synchronized boolean settled(Collection<TopicPartition> partitions, Instant now) {
        partitions.forEach(partition -> askedAt.put(partition, now));
        probeIfDue(now);
        return partitions.stream().allMatch(partition -> settled(partition, now));
    }

    private boolean settled(TopicPartition partition, Instant now) {
        if (inFlight.contains(partition) && now.isAfter(inFlightSince.plus(SLOW))) {
            return false;
        }
        Probed latest = probed.get(partition);
        return latest != null
                && latest.readableSince() != null
                && !now.isAfter(latest.probedAt().plus(STALE_AFTER))
                && !now.isBefore(latest.readableSince().plus(SETTLE));
    }

    private void probeIfDue(Instant now) {
        askedAt.values().removeIf(at -> at.isBefore(now.minus(FORGET_AFTER)));
        boolean due = askedAt.keySet().stream().anyMatch(partition -> {
            Probed latest = probed.get(partition);
            return latest == null || !now.isBefore(latest.probedAt().plus(PROBE_INTERVAL));
        });
        if (!due || inFlightSince != null) {
            return;
        }
        Set<TopicPartition> partitions = Set.copyOf(askedAt.keySet());
        inFlight.addAll(partitions);
        inFlightSince = now;
        Map<TopicPartition, CompletionStage<?>> answers;
        try {
            answers = endOffsets.list(partitions, TIMEOUT);
        } catch (RuntimeException e) {
            partitions.forEach(partition -> answered(partition, now, e));
            probeEnded();
            return;
        }
        CompletableFuture<?>[] all = partitions.stream()
                .map(partition -> answers.get(partition)
                        .whenComplete((offset, error) -> answered(partition, now, error))
                        .toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        CompletableFuture.allOf(all).whenComplete((done, error) -> probeEnded());
    }

    private synchronized void answered(TopicPartition partition, Instant probedAt, Throwable error) {
        Probed before = probed.get(partition);
        Instant readableSince;
        if (error != null) {
            readableSince = null;
            if (before == null || before.readableSince() != null) {
                log.warn(
                        "Verdicts on runs that depend on {} wait: its leader did not answer ({})",
                        partition,
                        cause(error));
            }
        } else if (before == null) {
            readableSince = Instant.MIN;
        } else if (before.readableSince() == null) {
            readableSince = clock.instant();
            log.info("{} answers again; verdicts that depend on it wait {} more", partition, SETTLE);
        } else {
            readableSince = before.readableSince();
        }
        probed.put(partition, new Probed(probedAt, readableSince));
    }

    private synchronized void probeEnded() {
        inFlight.clear();
        inFlightSince = null;
    }

    private static String cause(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause.toString();
    }

    @Override
    public void close() {
        endOffsets.close();
    }

    /** The latest probe of a partition: when it began, and since when the partition answers (null: it did not). */
    private record Probed(Instant probedAt, Instant readableSince) {}
}
