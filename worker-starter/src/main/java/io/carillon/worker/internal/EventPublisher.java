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
 * Publishes the worker's events with idempotent producers: records of one key keep their order. Log lines have a
 * producer of their own that lingers longer (they batch well and are not urgent), so that results and heartbeats
 * still leave at once. Sending never blocks on the broker's answer; failures are logged. Thread-safe.
 */
public final class EventPublisher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    private final Producer<String, byte[]> producer;
    private final Producer<String, byte[]> logProducer;
    private final TopicCatalog catalog;

    /** Publishes everything with {@code producer}. */
    public EventPublisher(Producer<String, byte[]> producer, TopicCatalog catalog) {
        this(producer, producer, catalog);
    }

    /** Publishes log lines with {@code logProducer} and everything else with {@code producer}. */
    public EventPublisher(Producer<String, byte[]> producer, Producer<String, byte[]> logProducer,
            TopicCatalog catalog) {
        this.producer = producer;
        this.logProducer = logProducer;
        this.catalog = catalog;
    }

    /** To {@code results}, keyed by job id. */
    public void result(RunResult result) {
        send(producer, catalog.results(), result.jobId(), EventSerdes.RESULT.serialize(null, result));
    }

    /** To {@code logs}, keyed by run id. */
    public void log(LogLine line) {
        send(logProducer, catalog.logs(), line.runId(), EventSerdes.LOG.serialize(null, line));
    }

    /** To {@code workers}, keyed by instance id; a null heartbeat is the tombstone. */
    public void heartbeat(String instanceId, WorkerHeartbeat heartbeat) {
        send(producer, catalog.workers(), instanceId, EventSerdes.HEARTBEAT.serialize(null, heartbeat));
    }

    /** To {@code dlq}, keyed by the original record's key. */
    public void deadLetter(DeadLetter deadLetter) {
        send(producer, catalog.dlq(), deadLetter.key(), EventSerdes.DEAD_LETTER.serialize(null, deadLetter));
    }

    private static void send(Producer<String, byte[]> producer, String topic, String key, byte[] value) {
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

    /** Sends what is buffered, waiting at most {@code timeout} per producer, and closes the producers. */
    public void close(Duration timeout) {
        logProducer.close(timeout);
        if (producer != logProducer) {
            producer.close(timeout);
        }
    }

    @Override
    public void close() {
        logProducer.close();
        if (producer != logProducer) {
            producer.close();
        }
    }
}
