package io.carillon.planner;

import io.carillon.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.function.BooleanSupplier;

import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkerHeartbeat;

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
    static final int FIRST_REFILL_END = (int) Duration.ofSeconds(1).plus(HORIZON).plus(CHUNK).toSeconds();

    final TopicCatalog catalog = TopicCatalog.defaults();
    final SettableClock clock;
    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> jobs;
    private final TestInputTopic<String, String> requests;
    private final TestInputTopic<String, String> resultsIn;
    private final TestInputTopic<String, String> workers;
    private final TestInputTopic<String, String> calendars;
    private final TestOutputTopic<String, FireEvent> fires;
    private final TestOutputTopic<String, DeadLetter> dlq;
    private final TestOutputTopic<String, RunResult> resultsOut;
    private final TestOutputTopic<String, JobRequest> requestsOut;

    PlannerHarness(Path stateDir, Instant start) {
        this(stateDir, start, new PlannerSettings(HORIZON, INTERVAL));
    }

    PlannerHarness(Path stateDir, Instant start, PlannerSettings settings) {
        this(stateDir, start, settings, () -> true);
    }

    /** A planner whose punctuators run only while {@code punctuationAllowed} says true. */
    PlannerHarness(Path stateDir, Instant start, PlannerSettings settings, BooleanSupplier punctuationAllowed) {
        clock = new SettableClock(start);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "planner-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(
                PlannerTopology.build(catalog, clock, settings, punctuationAllowed), properties, start);
        jobs = driver.createInputTopic(catalog.jobs(), new StringSerializer(), new StringSerializer());
        requests = driver.createInputTopic(catalog.requests(), new StringSerializer(), new StringSerializer());
        fires = driver.createOutputTopic(catalog.fires(), new StringDeserializer(), EventSerdes.FIRE);
        dlq = driver.createOutputTopic(catalog.dlq(), new StringDeserializer(), EventSerdes.DEAD_LETTER);
        workers = driver.createInputTopic(catalog.workers(), new StringSerializer(), new StringSerializer());
        calendars = driver.createInputTopic(catalog.calendars(), new StringSerializer(), new StringSerializer());
        resultsIn = driver.createInputTopic(catalog.results(), new StringSerializer(), new StringSerializer());
        resultsOut = driver.createOutputTopic(catalog.results(), new StringDeserializer(), EventSerdes.RESULT);
        requestsOut = driver.createOutputTopic(catalog.requests(), new StringDeserializer(), EventSerdes.REQUEST);
    }

    /** Reads {@code result}, stamped now on the planner's clock as a worker's would be. */
    void result(RunResult result) {
        resultStampedAt(result, clock.instant());
    }

    /** Reads {@code result} stamped {@code timestamp}: one written that long ago by a worker, read late. */
    void resultStampedAt(RunResult result, Instant timestamp) {
        resultsIn.pipeInput(result.jobId(), EventSerdes.RESULT.toJson(result), timestamp);
    }

    void heartbeat(WorkerHeartbeat heartbeat) {
        workers.pipeInput(heartbeat.instanceId(), EventSerdes.HEARTBEAT.toJson(heartbeat));
    }

    /** The tombstone a worker writes to {@code workers} when it shuts down cleanly. */
    void workerGone(String instanceId) {
        workers.pipeInput(instanceId, (String) null);
    }

    void rawHeartbeat(String key, String value) {
        workers.pipeInput(key, value);
    }

    void rawResult(String key, String value) {
        resultsIn.pipeInput(key, value);
    }

    /** The results the planner wrote to {@code results} since the last call (SKIPPED, TIMED_OUT). */
    List<RunResult> writtenResults() {
        return resultsOut.readValuesToList();
    }

    /** The requests the planner wrote to {@code requests} since the last call (CHILD requests). */
    List<JobRequest> writtenRequests() {
        return requestsOut.readValuesToList();
    }

    /** Writes {@code calendar} to {@code calendars}, as the console does when it is created or changed. */
    void calendar(Calendar calendar) {
        calendars.pipeInput(calendar.id(), EventSerdes.CALENDAR.toJson(calendar));
    }

    void deleteCalendar(String calendarId) {
        calendars.pipeInput(calendarId, (String) null);
    }

    void put(JobDefinition job) {
        jobs.pipeInput(job.id(), EventSerdes.JOB.toJson(job));
    }

    void delete(String jobId) {
        jobs.pipeInput(jobId, (String) null);
    }

    void rawJob(String key, String value) {
        jobs.pipeInput(key, value);
    }

    void request(JobRequest request) {
        requests.pipeInput(request.jobId(), EventSerdes.REQUEST.toJson(request));
    }

    void rawRequest(String key, String value) {
        requests.pipeInput(key, value);
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
        for (Duration moved = Duration.ZERO; moved.compareTo(duration) < 0; moved = moved.plus(interval)) {
            Duration step = interval.compareTo(duration.minus(moved)) < 0 ? interval : duration.minus(moved);
            clock.advance(step);
            driver.advanceWallClockTime(step);
        }
    }

    /** Jumps to {@code instant} with a single punctuation, as after a pause of the planner. */
    void jumpTo(Instant instant) {
        Duration step = Duration.between(clock.instant(), instant);
        clock.set(instant);
        driver.advanceWallClockTime(step);
    }

    /** The fire events written since the last call. */
    List<FireEvent> fireEvents() {
        return fires.readValuesToList();
    }

    /** The FIRE events (no cancels) written since the last call. */
    List<FireEvent> fires() {
        return fireEvents().stream().filter(event -> event.action() == FireAction.FIRE).toList();
    }

    List<DeadLetter> deadLetters() {
        return dlq.readValuesToList();
    }

    @Override
    public void close() {
        driver.close();
    }
}
