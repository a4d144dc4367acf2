package io.carillon.testkit;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * A Kafka Streams topology in a {@link TopologyTestDriver} (exactly-once, no broker) whose wall clock moves with a
 * {@link SettableClock}: {@link #advance(Duration, Duration)} moves both together, one punctuation step at a time.
 * The base of the planner's and the analytics app's test harnesses. Needs {@code kafka-streams-test-utils} on the
 * test class path. One test thread.
 */
public final class DrivenTopology implements AutoCloseable {

    private final SettableClock clock;
    private final TopologyTestDriver driver;
    private final Map<String, TestInputTopic<String, String>> inputs = new HashMap<>();

    /**
     * Drives {@code topology}, whose punctuators read {@code clock}, from the clock's instant, as application
     * {@code applicationId} with its state stores under {@code stateDir}.
     */
    public DrivenTopology(Topology topology, String applicationId, Path stateDir, SettableClock clock) {
        this.clock = clock;
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        this.driver = new TopologyTestDriver(topology, properties, clock.instant());
    }

    /**
     * Writes {@code value} (JSON, or null for a tombstone) under {@code key} to {@code topic}, stamped with the system
     * time of the topic's first use, as a {@link TestInputTopic} does by default.
     */
    public void pipe(String topic, String key, String value) {
        input(topic).pipeInput(key, value);
    }

    /** Writes {@code value} (JSON, or null) under {@code key} to {@code topic}, stamped {@code timestamp}. */
    public void pipe(String topic, String key, String value, Instant timestamp) {
        input(topic).pipeInput(key, value, timestamp);
    }

    /** The values the topology wrote to {@code topic} since the last read, read with {@code values}. */
    public <V> List<V> read(String topic, Deserializer<V> values) {
        TestOutputTopic<String, V> output = driver.createOutputTopic(topic, new StringDeserializer(), values);
        return output.readValuesToList();
    }

    /**
     * The values the topology wrote to {@code topic} since the last read, each record read with {@code values} as one
     * or several (the batches of {@code fires}), in order.
     */
    public <V> List<V> readFlat(String topic, Deserializer<List<V>> values) {
        return read(topic, values).stream().flatMap(List::stream).toList();
    }

    private TestInputTopic<String, String> input(String topic) {
        return inputs.computeIfAbsent(
                topic, name -> driver.createInputTopic(name, new StringSerializer(), new StringSerializer()));
    }

    /** Moves time forward by {@code duration}, punctuating every {@code step} (the last step may be shorter). */
    public void advance(Duration duration, Duration step) {
        for (Duration moved = Duration.ZERO; moved.compareTo(duration) < 0; moved = moved.plus(step)) {
            Duration next = step.compareTo(duration.minus(moved)) < 0 ? step : duration.minus(moved);
            clock.advance(next);
            driver.advanceWallClockTime(next);
        }
    }

    /** Jumps to {@code instant} with a single punctuation, as after a pause of the app. */
    public void jumpTo(Instant instant) {
        Duration step = Duration.between(clock.instant(), instant);
        clock.set(instant);
        driver.advanceWallClockTime(step);
    }

    @Override
    public void close() {
        driver.close();
    }
}
