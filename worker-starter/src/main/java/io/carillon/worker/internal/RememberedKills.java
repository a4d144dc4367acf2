package io.carillon.worker.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Kill requests for runs that were not here when they arrived: the kill may have overtaken its trigger (the console
 * kills a run the moment it is listed; the trigger can still wait in the trigger topic, or arrive early within the
 * dispatcher's trigger lead). A trigger taken later for such a run ends KILLED without running. At most
 * {@code limit} kills are kept, each for {@code retention}; the oldest go first. Thread-safe: the control loop adds,
 * the trigger loop takes.
 */
final class RememberedKills {

    /** Far longer than a trigger waits in its topic behind others, short enough to forget kills of runs elsewhere. */
    static final Duration DEFAULT_RETENTION = Duration.ofMinutes(10);
    /** Far more kills than arrive within the retention, yet small in memory. */
    static final int DEFAULT_LIMIT = 10_000;

    private record Kill(String reason, Instant until) {}

    private final Clock clock;
    private final Duration retention;
    private final int limit;
    private final LinkedHashMap<String, Kill> byRunId = new LinkedHashMap<>();

    RememberedKills(Clock clock, Duration retention, int limit) {
        this.clock = clock;
        this.retention = retention;
        this.limit = limit;
    }

    RememberedKills(Clock clock) {
        this(clock, DEFAULT_RETENTION, DEFAULT_LIMIT);
    }

    /** Remembers that {@code runId} is to be killed, for {@code reason}, should its trigger come. */
    synchronized void remember(String runId, String reason) {
        forgetExpired();
        byRunId.remove(runId);
        byRunId.put(runId, new Kill(reason, clock.instant().plus(retention)));
        for (Iterator<String> oldest = byRunId.keySet().iterator(); byRunId.size() > limit; ) {
            oldest.next();
            oldest.remove();
        }
    }

    /** The reason of a remembered kill of {@code runId}, now forgotten, or empty. */
    synchronized Optional<String> take(String runId) {
        forgetExpired();
        Kill kill = byRunId.remove(runId);
        return kill == null ? Optional.empty() : Optional.of(kill.reason());
    }

    synchronized int size() {
        forgetExpired();
        return byRunId.size();
    }

    private void forgetExpired() {
        Instant now = clock.instant();
        for (Iterator<Map.Entry<String, Kill>> kills = byRunId.entrySet().iterator(); kills.hasNext(); ) {
            if (kills.next().getValue().until().isAfter(now)) {
                return;
            }
            kills.remove();
        }
    }
}
