package io.carillon.worker.internal;

import java.time.Duration;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkerHeartbeat;

/**
 * Publishes the worker's events with one idempotent producer: records of one key keep their order. Sending never
 * blocks on the broker's answer; failures are logged. Thread-safe.
 */
public final class EventPublisher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    private final Producer<String, byte[]> producer;
    private final TopicCatalog catalog;

    public EventPublisher(Producer<String, byte[]> producer, TopicCatalog catalog) {
        this.producer = producer;
        this.catalog = catalog;
    }

    /** To {@code results}, keyed by job id. */
    public void result(RunResult result) {
        send(catalog.results(), result.jobId(), EventSerdes.RESULT.serialize(null, result));
    }

    /** To {@code logs}, keyed by run id. */
    public void log(LogLine line) {
        send(catalog.logs(), line.runId(), EventSerdes.LOG.serialize(null, line));
    }

    /** To {@code workers}, keyed by instance id; a null heartbeat is the tombstone. */
    public void heartbeat(String instanceId, WorkerHeartbeat heartbeat) {
        send(catalog.workers(), instanceId, EventSerdes.HEARTBEAT.serialize(null, heartbeat));
    }

    /** To {@code dlq}, keyed by the original record's key. */
    public void deadLetter(DeadLetter deadLetter) {
        send(catalog.dlq(), deadLetter.key(), EventSerdes.DEAD_LETTER.serialize(null, deadLetter));
    }

    private void send(String topic, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value), (metadata, error) -> {
                if (error != null) {
                    log.error("could not publish to {} (key {}): {}", topic, key, error.toString());
                }
            });
        } catch (IllegalStateException closed) {
            log.warn("not published to {} (key {}): the worker is closed", topic, key);
        }
    }

    /** Sends what is buffered, waiting at most {@code timeout}, and closes the producer. */
    public void close(Duration timeout) {
        producer.close(timeout);
    }

    @Override
    public void close() {
        producer.close();
    }
}
