package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The runs seen STARTED (or claimed: a STARTED without {@code startedAt}) and not yet ended, and the verdict on those
 * that will not end by themselves. The claims of a {@code claims} batch are kept per batch ({@link ClaimedRuns}); a
 * STARTED read from {@code results}, a real start or a claim written there, is kept per run
 * ({@link PlannerStores#OPEN_RUNS}, key run id) and replaces a claim of the same run. The verdicts:
 * <ul>
 *   <li>TIMED_OUT once {@link OpenRun#timeoutAt()} has passed: the instant the planner read the run's STARTED, plus
 *       the job's {@code timeoutMs}, plus the grace, all by the planner's clock (a worker's clock 20 s behind would
 *       otherwise time its run out 20 s early, and one beyond the grace while it still runs);</li>
 *   <li>LOST once its worker's latest heartbeat has expired by the planner's clock (received plus the heartbeat's
 *       time to live, {@link WorkerHeartbeats.Received#expiresAt()}: the worker's own clock is not trusted), or, when the worker has no heartbeat (a tombstone: it
 *       shut down; or never seen), once the run has been open for the grace (so a worker's first heartbeat can
 *       still reach the global store).</li>
 * </ul>
 * Either verdict waits until the task has read the results written up to its instant ({@link ResultsProgress}), so
 * a terminal result still unread in the partition closes the run instead, and until the partitions it reads from,
 * the task's {@code results} partition and for LOST the worker's {@code workers} partition, have been readable long
 * enough ({@link VerdictReadability}): a lost partition leader holds results and heartbeats up without a sign. A
 * check reads every open run: their number is bounded by the workers' capacity, not by the number of jobs; it reads
 * and parses each worker's heartbeat once,
 * however many of the open runs are on that worker. A per-run value is {@link StoreEncoding}'s binary form of
 * {@code seenAt} and {@code timeoutAt} followed by the STARTED result's JSON as it was read from {@code results}
 * (kept, not written again) and the run's instance (so a check parses the JSON only of a run it closes); values that earlier planners
 * wrote as JSON or without the instance are still read. Used by one stream task's thread only.
 */
final class OpenRuns {

    private static final JsonSerde<OpenRun> JSON = JsonSerde.of(OpenRun.class);
    /** The bytes before the JSON: the format byte, two optional instants (flag, seconds, nanos), a length. */
    private static final int ENCODED_HEADER_SIZE = 1 + 2 * (1 + Long.BYTES + Integer.BYTES) + Integer.BYTES;

    private final KeyValueStore<String, byte[]> store;
    private final ClaimedRuns claimed;
    private final WorkerHeartbeats heartbeats;
    private final Duration grace;
    private final ResultsProgress progress;
    private final VerdictReadability readability;
    private final RecentlyEndedRuns recentlyEnded = new RecentlyEndedRuns();

    OpenRuns(
            KeyValueStore<String, byte[]> store,
            KeyValueStore<String, byte[]> claimStore,
            WorkerHeartbeats heartbeats,
            Duration grace,
            ResultsProgress progress,
            VerdictReadability readability) {
        this.store = store;
        this.claimed = new ClaimedRuns(claimStore);
        this.heartbeats = heartbeats;
        this.grace = grace;
        this.progress = progress;
        this.readability = readability;
    }

    /**
     * Opens the run of a STARTED result read from {@code json} (the record's value, kept as it is). A repeated
     * STARTED keeps the first, unless the first was a worker's claim (no {@code startedAt}: taken, not started yet):
     * a later STARTED replaces it, the same worker's real start (so a timeout counts from its reading) or another worker's
     * claim (the trigger's partition moved before the claim's commit: the run is the new owner's now). A claim on a
     * run that is not open but ended recently is ignored ({@link RecentlyEndedRuns}): its worker gave up on it and
     * the run was ended by the partition's next owner.
     */
    void started(JobDefinition job, RunResult result, byte[] json, Instant now) {
        String runId = result.runId();
        boolean replacesClaim = claimed.close(runId);
        byte[] open = replacesClaim ? null : store.get(runId);
        if (open != null && decode(open).started().startedAt() != null) {
            return;
        }
        if (!replacesClaim && open == null && result.startedAt() == null && recentlyEnded.contains(runId, now)) {
            return;
        }
        store.put(runId, encode(now, timeoutAt(job, now), json, result.instance()));
    }

    /**
     * Opens the runs of {@code batch}'s claims (the batch read as {@code json}) as {@link #started} opens a claim,
     * those whose job the task holds ({@code jobs}: each claim's job, null for one it does not hold); they are kept
     * per batch ({@link ClaimedRuns}). A claim repeated within the batch counts once. The worker counts as alive
     * at the earlier of {@code now} and the record's timestamp {@code writtenAt} (its clock): a planner that reads
     * the batch late learns nothing of the worker's life now, and a worker whose clock is ahead gains nothing.
     */
    void claimed(ClaimBatch batch, byte[] json, List<JobDefinition> jobs, Instant now, Instant writtenAt) {
        List<ClaimedBatch.Claim> opened = new ArrayList<>(batch.claims().size());
        Set<String> runIds = new HashSet<>();
        for (int i = 0; i < batch.claims().size(); i++) {
            RunResult claim = batch.claims().get(i);
            JobDefinition job = jobs.get(i);
            if (job != null && runIds.add(claim.runId()) && claimOpens(claim.runId(), now)) {
                opened.add(new ClaimedBatch.Claim(i, claim, timeoutAt(job, now)));
            }
        }
        claimed.open(batch, json, opened, now, writtenAt.isBefore(now) ? writtenAt : now);
    }

    /** Whether a claim on {@code runId} opens it, closing the claim it replaces. */
    private boolean claimOpens(String runId, Instant now) {
        if (claimed.close(runId)) {
            return true;
        }
        byte[] open = store.get(runId);
        if (open == null) {
            return !recentlyEnded.contains(runId, now);
        }
        if (decode(open).started().startedAt() != null) {
            return false;
        }
        store.put(runId, null);
        return true;
    }

    private Instant timeoutAt(JobDefinition job, Instant now) {
        return job.timeoutMs() > 0 ? now.plusMillis(job.timeoutMs()).plus(grace) : null;
    }

    /** Closes the run of a terminal result (nothing when it is not open). */
    void ended(RunResult result, Instant now) {
        String runId = result.runId();
        if (!claimed.close(runId) && store.get(runId) != null) {
            store.put(runId, null);
        }
        recentlyEnded.add(runId, now);
    }

    /** Whether no run is open. */
    boolean isEmpty() {
        if (!claimed.isEmpty()) {
            return false;
        }
        try (KeyValueIterator<String, byte[]> runs = store.all()) {
            return !runs.hasNext();
        }
    }

    /**
     * Closes and returns, as terminal results decided by the planner, the open runs timed out or lost at now, once
     * the task has read the results written up to the instant of the verdict ({@link ResultsProgress}).
     */
    List<RunResult> closeExpired(Instant now) {
        progress.look(now);
        Map<String, Head> open = new LinkedHashMap<>();
        try (KeyValueIterator<String, byte[]> runs = store.all()) {
            runs.forEachRemaining(entry -> open.put(entry.key, head(entry.value)));
        }
        List<RunResult> closed = new ArrayList<>();
        Map<String, Optional<WorkerHeartbeats.Received>> heartbeatsOfPass = new HashMap<>();
        open.forEach((runId, run) -> verdict(
                        run.seenAt(),
                        null,
                        run.timeoutAt(),
                        run.instance(),
                        () -> run.run().started(),
                        now,
                        heartbeatsOfPass)
                .ifPresent(result -> {
                    store.put(runId, null);
                    recentlyEnded.add(runId, now);
                    closed.add(result);
                }));
        for (ClaimedRuns.Open claim : claimed.open()) {
            verdict(
                            claim.seenAt(),
                            claim.aliveAt(),
                            claim.timeoutAt(),
                            claim.run().instance(),
                            claim::run,
                            now,
                            heartbeatsOfPass)
                    .ifPresent(result -> {
                        claimed.close(result.runId());
                        recentlyEnded.add(result.runId(), now);
                        closed.add(result);
                    });
        }
        return closed;
    }

    private Optional<RunResult> verdict(
            Instant seenAt,
            Instant aliveAt,
            Instant timeoutAt,
            String instance,
            Supplier<RunResult> started,
            Instant now,
            Map<String, Optional<WorkerHeartbeats.Received>> heartbeatsOfPass) {
        if (timeoutAt != null
                && now.isAfter(timeoutAt)
                && progress.readPast(timeoutAt, now)
                && readability.resultsSettled(now)) {
            long timeoutMs = Duration.between(seenAt, timeoutAt).minus(grace).toMillis();
            return Optional.of(ended(
                    started.get(),
                    RunStatus.TIMED_OUT,
                    "no terminal result within the timeout of " + timeoutMs + " ms plus the planner's grace of "
                            + grace.toMillis() + " ms",
                    now));
        }
        if (instance == null) {
            return Optional.empty();
        }
        Optional<WorkerHeartbeats.Received> heartbeat = heartbeatsOfPass.computeIfAbsent(instance, heartbeats::latest);
        Instant deadAfter = heartbeat
                .map(received -> aliveAt == null ? received.expiresAt() : received.expiresAfter(aliveAt))
                .orElse(null);
        if (heartbeat.isPresent()
                && !heartbeat.get().alive(now)
                && now.isAfter(deadAfter)
                && progress.readPast(deadAfter, now)
                && readability.workerSettled(instance, now)) {
            return Optional.of(ended(
                    started.get(),
                    RunStatus.LOST,
                    "worker '" + instance + "' stopped sending heartbeats: the planner received its last one at "
                            + heartbeat.get().receivedAt() + ", which expired at "
                            + heartbeat.get().expiresAt()
                            + (deadAfter.isAfter(heartbeat.get().expiresAt())
                                    ? ", and read the run's claim, written by " + aliveAt + ", which counted until "
                                            + deadAfter
                                    : ""),
                    now));
        }
        if (heartbeat.isEmpty()
                && now.isAfter(seenAt.plus(grace))
                && progress.readPast(seenAt.plus(grace), now)
                && readability.workerSettled(instance, now)) {
            return Optional.of(ended(
                    started.get(),
                    RunStatus.LOST,
                    "worker '" + instance
                            + "' has no heartbeat (it shut down or was never seen) and the run has no terminal result",
                    now));
        }
        return Optional.empty();
    }

    static byte[] encode(Instant seenAt, Instant timeoutAt, byte[] startedJson, String instance) {
        int instanceSize = instance == null ? 1 : 1 + Integer.BYTES + instance.length();
        return new StoreEncoding.Writer(startedJson.length + ENCODED_HEADER_SIZE + instanceSize)
                .writeInstant(seenAt)
                .writeInstant(timeoutAt)
                .writeBytes(startedJson)
                .writeString(instance)
                .toByteArray();
    }

    /**
     * What a check needs of a stored open run, read without parsing its STARTED result: the instance follows the
     * JSON. A value without it (written before the instance was kept there) is parsed whole.
     */
    static Head head(byte[] value) {
        if (StoreEncoding.isJson(value)) {
            OpenRun run = decode(value);
            return new Head(value, run.seenAt(), run.timeoutAt(), run.started().instance());
        }
        StoreEncoding.Reader reader = new StoreEncoding.Reader(value);
        Instant seenAt = reader.readInstant();
        Instant timeoutAt = reader.readInstant();
        reader.skipBytes();
        String instance = reader.hasRemaining()
                ? reader.readString()
                : decode(value).started().instance();
        return new Head(value, seenAt, timeoutAt, instance);
    }

    static OpenRun decode(byte[] value) {
        if (StoreEncoding.isJson(value)) {
            return JSON.deserialize(null, value);
        }
        StoreEncoding.Reader reader = new StoreEncoding.Reader(value);
        Instant seenAt = reader.readInstant();
        Instant timeoutAt = reader.readInstant();
        return new OpenRun(EventSerdes.RESULT.deserialize(null, reader.readBytes()), seenAt, timeoutAt);
    }

    private static RunResult ended(RunResult started, RunStatus status, String message, Instant now) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                started.runId(),
                started.fireId(),
                started.jobId(),
                started.app(),
                started.handler(),
                started.instance(),
                status,
                started.kind(),
                started.attempt(),
                started.shardIndex(),
                started.shardTotal(),
                started.scheduledAt(),
                started.startedAt(),
                now,
                message,
                null,
                null,
                now,
                started.params(),
                started.parentRunId(),
                started.workflow(),
                null,
                started.limit());
    }

    /** A stored open run as a check reads it: {@link #run()} parses the STARTED result when a verdict needs it. */
    record Head(byte[] value, Instant seenAt, Instant timeoutAt, String instance) {

        OpenRun run() {
            return decode(value);
        }
    }
}
