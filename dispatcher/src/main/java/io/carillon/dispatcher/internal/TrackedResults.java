package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds {@link RunTracker} the terminal results that end the runs it holds, reading {@code results} only while it
 * holds any: with no BUSYOVER run out the reader's partitions are paused, so a dispatcher does not fetch every result
 * of the cluster for nothing. Before the transaction that sends the first tracked run after a pause, the reader moves
 * to the end of {@code results} and resolves that position at once; no result of that run can come before it, since
 * the run's trigger is not committed yet. Dispatcher thread only.
 */
final class TrackedResults {

    private static final Logger log = LoggerFactory.getLogger(TrackedResults.class);

    private final Consumer<String, byte[]> results;
    private final String topic;
    private final RunTracker tracker;
    private boolean paused;

    TrackedResults(Consumer<String, byte[]> results, String topic, RunTracker tracker) {
        this.results = results;
        this.topic = topic;
        this.tracker = tracker;
    }

    /** Assigns every partition of {@code results}; what was written before does not matter. */
    void start() {
        List<TopicPartition> partitions = results.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        results.assign(partitions);
        pause();
    }

    /** Reads what is there without waiting, while runs are tracked; pauses once none is. */
    void poll() {
        if (paused) {
            return;
        }
        tracker.observe(results.poll(Duration.ZERO));
        if (tracker.size() == 0) {
            pause();
        }
    }

    /** Call before committing a transaction: reads on from the end of {@code results} when runs are tracked again. */
    void beforeCommit() {
        if (!paused || tracker.size() == 0) {
            return;
        }
        Set<TopicPartition> partitions = results.assignment();
        try {
            results.seekToEnd(partitions);
            partitions.forEach(results::position);
        } catch (TimeoutException e) {
            log.warn(
                    "could not find the end of {}, BUSYOVER counts the runs it sent as running until the next "
                            + "heartbeats or their timeouts: {}",
                    topic,
                    e.toString());
            return;
        }
        results.resume(partitions);
        paused = false;
    }

    /** Whether the reader's partitions are paused (no run tracked). */
    boolean isPaused() {
        return paused;
    }

    private void pause() {
        results.pause(results.assignment());
        paused = true;
    }
}
