package io.carillon.planner;

import io.carillon.planner.internal.PartitionReadability;
import io.carillon.planner.internal.PlannerMeters;
import io.carillon.testkit.DrivenTopology;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The planner topology in a TopologyTestDriver with a clock moved by hand: {@link #advance(Duration)} moves the
 * clock and the driver's wall clock together, one punctuation interval at a time.
 */
final class PlannerHarness implements AutoCloseable {

    static final Duration HORIZON = Duration.ofSeconds(10);
    static final Duration INTERVAL = Duration.ofMillis(100);
    static final Duration COARSE_STEP = Duration.ofSeconds(5);
    /** How far beyond the horizon a due scheduled timer writes, with these settings. */
    static final Duration CHUNK = new PlannerSettings(HORIZON, INTERVAL).refillChunk();
    /**
     * The last second an every-second job's first timer visit writes: the visit comes once instant 11 is within the
     * horizon (at 1 s) and writes up to 1 s + horizon + chunk.
     */
    static final int FIRST_REFILL_END =
            (int) Duration.ofSeconds(1).plus(HORIZON).plus(CHUNK).toSeconds();

    private static final String APPLICATION_ID = "planner-test";

    final TopicCatalog catalog = TopicCatalog.defaults();
    final SettableClock clock;
    private final DrivenTopology driver;

    PlannerHarness(Path stateDir, Instant start) {
        this(stateDir, start, new PlannerSettings(HORIZON, INTERVAL));
    }

    PlannerHarness(Path stateDir, Instant start, PlannerSettings settings) {
        this(stateDir, start, settings, () -> true);
    }

    /** A planner whose punctuators run only while {@code punctuationAllowed} says true. */
    PlannerHarness(Path stateDir, Instant start, PlannerSettings settings, BooleanSupplier punctuationAllowed) {
        clock = new SettableClock(start);
        driver = new DrivenTopology(
                PlannerTopology.build(catalog, clock, settings, punctuationAllowed), APPLICATION_ID, stateDir, clock);
    }

    /** A planner whose open-run verdicts ask {@code readability} whether their partitions are settled. */
    PlannerHarness(Path stateDir, Instant start, PartitionReadability readability) {
        clock = new SettableClock(start);
        driver = new DrivenTopology(
                PlannerTopology.build(
                        catalog,
                        clock,
                        new PlannerSettings(HORIZON, INTERVAL),
                        () -> true,
                        readability,
                        PlannerMeters.none()),
                APPLICATION_ID,
                stateDir,
                clock);
    }

    /** Reads {@code result}, stamped now on the planner's clock as a worker's would be. */
    void result(RunResult result) {
        resultStampedAt(result, clock.instant());
    }

    /** Reads {@code result} stamped {@code timestamp}: one written that long ago by a worker, read late. */
    void resultStampedAt(RunResult result, Instant timestamp) {
        driver.pipe(catalog.results(), result.jobId(), EventSerdes.RESULT.toJson(result), timestamp);
    }

    /** Reads {@code batch} from {@code claims}, keyed by its first claim's job id, stamped now. */
    void claims(ClaimBatch batch) {
        claimsStampedAt(batch, clock.instant());
    }

    /** Reads {@code batch} stamped {@code timestamp}: one written that long ago by a worker, read late. */
    void claimsStampedAt(ClaimBatch batch, Instant timestamp) {
        driver.pipe(catalog.claims(), batch.claims().get(0).jobId(), EventSerdes.CLAIM_BATCH.toJson(batch), timestamp);
    }

    void heartbeat(WorkerHeartbeat heartbeat) {
        driver.pipe(catalog.workers(), heartbeat.instanceId(), EventSerdes.HEARTBEAT.toJson(heartbeat));
    }

    /** The tombstone a worker writes to {@code workers} when it shuts down cleanly. */
    void workerGone(String instanceId) {
        driver.pipe(catalog.workers(), instanceId, null);
    }

    void rawHeartbeat(String key, String value) {
        driver.pipe(catalog.workers(), key, value);
    }

    void rawResult(String key, String value) {
        driver.pipe(catalog.results(), key, value);
    }

    /** The results the planner wrote to {@code results} since the last call (SKIPPED, TIMED_OUT). */
    List<RunResult> writtenResults() {
        return driver.read(catalog.results(), EventSerdes.RESULT);
    }

    /** The requests the planner wrote to {@code requests} since the last call (CHILD requests). */
    List<JobRequest> writtenRequests() {
        return driver.read(catalog.requests(), EventSerdes.REQUEST);
    }

    /** The incident steps the planner wrote to {@code alerts} since the last call (PAUSED). */
    List<Incident> writtenIncidents() {
        return driver.read(catalog.alerts(), EventSerdes.INCIDENT);
    }

    /** The workflow commands the planner wrote since the last call (NODE_ENDED of workflow nodes' runs). */
    List<WorkflowCommand> workflowCommands() {
        return driver.read(catalog.workflowCommands(), EventSerdes.WORKFLOW_COMMAND);
    }

    /** Writes {@code calendar} to {@code calendars}, as the console does when it is created or changed. */
    void calendar(Calendar calendar) {
        driver.pipe(catalog.calendars(), calendar.id(), EventSerdes.CALENDAR.toJson(calendar));
    }

    void deleteCalendar(String calendarId) {
        driver.pipe(catalog.calendars(), calendarId, null);
    }

    /** Writes {@code limit} to {@code limits}, as the console does when it is created or changed. */
    void limit(ConcurrencyLimit limit) {
        driver.pipe(catalog.limits(), limit.id(), EventSerdes.LIMIT.toJson(limit));
    }

    /** Writes {@code command} to {@code limit.commands}, as the dispatcher (ACQUIRE) or the planner (RELEASE) does. */
    void limitCommand(LimitCommand command) {
        driver.pipe(catalog.limitCommands(), command.limit(), EventSerdes.LIMIT_COMMAND.toJson(command));
    }

    /** The commands written to {@code limit.commands} since the last call (the planner's RELEASEs). */
    List<LimitCommand> writtenLimitCommands() {
        return driver.read(catalog.limitCommands(), EventSerdes.LIMIT_COMMAND);
    }

    void put(JobDefinition job) {
        driver.pipe(catalog.jobs(), job.id(), EventSerdes.JOB.toJson(job));
    }

    void delete(String jobId) {
        driver.pipe(catalog.jobs(), jobId, null);
    }

    void rawJob(String key, String value) {
        driver.pipe(catalog.jobs(), key, value);
    }

    void request(JobRequest request) {
        driver.pipe(catalog.requests(), request.jobId(), EventSerdes.REQUEST.toJson(request));
    }

    void rawRequest(String key, String value) {
        driver.pipe(catalog.requests(), key, value);
    }

    /** Moves time forward by {@code duration}, punctuating every {@link #INTERVAL}. */
    void advance(Duration duration) {
        advance(duration, INTERVAL);
    }

    /**
     * Moves time forward by {@code duration}, punctuating every {@link #COARSE_STEP} (half the horizon, so fires are
     * still written ahead of their time): for long waits where the exact punctuation instant does not matter. Each
     * punctuation commits and flushes the stores, which is what makes {@link #advance(Duration)} slow over minutes.
     */
    void advanceCoarsely(Duration duration) {
        advance(duration, COARSE_STEP);
    }

    /** Moves time forward by {@code duration}, punctuating every {@code interval}: a stream thread that is late. */
    void advance(Duration duration, Duration interval) {
        driver.advance(duration, interval);
    }

    /** Jumps to {@code instant} with a single punctuation, as after a pause of the planner. */
    void jumpTo(Instant instant) {
        driver.jumpTo(instant);
    }

    /** The fire events written since the last call. */
    List<FireEvent> fireEvents() {
        return driver.readFlat(catalog.fires(), EventSerdes.FIRES);
    }

    /** The records written to {@code fires} since the last call, each as the fires it carries. */
    List<List<FireEvent>> fireRecords() {
        return driver.read(catalog.fires(), EventSerdes.FIRES);
    }

    /** The FIRE events (no cancels) written since the last call. */
    List<FireEvent> fires() {
        return fireEvents().stream()
                .filter(event -> event.action() == FireAction.FIRE)
                .toList();
    }

    /** The records the planner wrote to the changelog of its store {@code store} since the last call (null: a tombstone). */
    List<byte[]> changelog(String store) {
        return driver.read(APPLICATION_ID + "-" + store + "-changelog", new ByteArrayDeserializer());
    }

    List<DeadLetter> deadLetters() {
        return driver.read(catalog.dlq(), EventSerdes.DEAD_LETTER);
    }

    @Override
    public void close() {
        driver.close();
    }
}
