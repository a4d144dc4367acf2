package io.carillon.planner;

import io.carillon.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;

/**
 * The planner topology in a TopologyTestDriver with a clock moved by hand: {@link #advance(Duration)} moves the
 * clock and the driver's wall clock together, one punctuation interval at a time.
 */
final class PlannerHarness implements AutoCloseable {

    static final Duration HORIZON = Duration.ofSeconds(10);
    static final Duration INTERVAL = Duration.ofMillis(100);

    final TopicCatalog catalog = TopicCatalog.defaults();
    final SettableClock clock;
    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> jobs;
    private final TestInputTopic<String, String> requests;
    private final TestOutputTopic<String, FireEvent> fires;
    private final TestOutputTopic<String, DeadLetter> dlq;

    PlannerHarness(Path stateDir, Instant start) {
        clock = new SettableClock(start);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "planner-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(
                PlannerTopology.build(catalog, clock, new PlannerSettings(HORIZON, INTERVAL)), properties, start);
        jobs = driver.createInputTopic(catalog.jobs(), new StringSerializer(), new StringSerializer());
        requests = driver.createInputTopic(catalog.requests(), new StringSerializer(), new StringSerializer());
        fires = driver.createOutputTopic(catalog.fires(), new StringDeserializer(), EventSerdes.FIRE);
        dlq = driver.createOutputTopic(catalog.dlq(), new StringDeserializer(), EventSerdes.DEAD_LETTER);
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
        for (Duration moved = Duration.ZERO; moved.compareTo(duration) < 0; moved = moved.plus(INTERVAL)) {
            Duration step = INTERVAL.compareTo(duration.minus(moved)) < 0 ? INTERVAL : duration.minus(moved);
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
