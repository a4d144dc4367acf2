package io.carillon.worker.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the worker's events with idempotent producers: records of one key keep their order. Log lines have a
 * producer of their own that lingers longer (they batch well and are not urgent), so that results and heartbeats
 * still leave at once. Results are handed to the producer by a {@link ResultSender} thread, in the order they were
 * published, a STARTED left out when its run's terminal result was published before it was handed over; the caller
 * of {@link #result} only queues. Heartbeats, log lines and dead letters are handed over on the caller's thread.
 * Sending never blocks on the broker's answer; failures are logged. Thread-safe.
 */
public final class EventPublisher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);
    /** How long {@link #close()} waits for the results thread to hand the queue over, so close cannot hang on it. */
    private static final Duration DEFAULT_HAND_OVER_TIMEOUT = Duration.ofSeconds(30);

    private final Producer<String, byte[]> producer;
    private final Producer<String, byte[]> logProducer;
    private final TopicCatalog catalog;
    private final ResultSender results;

    /** Publishes everything with {@code producer}. */
    public EventPublisher(Producer<String, byte[]> producer, TopicCatalog catalog) {
        this(producer, producer, catalog, new WorkerThreads("worker", "results"));
    }

    /**
     * Publishes log lines with {@code logProducer} and everything else with {@code producer}; the thread that hands
     * results over comes from {@code threads}.
     */
    public EventPublisher(
            Producer<String, byte[]> producer,
            Producer<String, byte[]> logProducer,
            TopicCatalog catalog,
            ThreadFactory threads) {
        this.producer = producer;
        this.logProducer = logProducer;
        this.catalog = catalog;
        this.results = new ResultSender(threads, this::sendResult, ResultSender.STARTED_HOLD);
    }

    /** To {@code results}, keyed by job id: queued, and handed to the producer by the results thread. */
    public void result(RunResult result) {
        results.submit(result);
    }

    /**
     * Waits at most {@code timeout} until every result published before this call has been handed to the producer
     * (or left out, its run's terminal result being there); returns whether it was.
     */
    public boolean awaitResultsHandedOver(Duration timeout) throws InterruptedException {
        return results.awaitHandedOver(timeout);
    }

    /** How many STARTED results were left out because their run's terminal result was published before them. */
    public long startedLeftOut() {
        return results.coalescedCount();
    }

    private void sendResult(RunResult result) {
        byte[] value;
        try {
            value = EventSerdes.RESULT.serialize(null, result);
        } catch (RuntimeException e) {
            log.error(
                    "result {} of run {} not published: it could not be serialized: {}",
                    result.status(),
                    result.runId(),
                    e.toString());
            return;
        }
        send(producer, catalog.results(), result.jobId(), value);
    }

    /**
     * Writes {@code claims}, made by {@code instance} at {@code claimedAt}, to {@code claims} on the calling thread, one
     * {@link io.carillon.topics.events.ClaimBatch} per partition ({@link ClaimRecords}), and waits (at most
     * {@code timeout} for each, they travel together) until the broker has them all. The partition count comes from
     * the producer's metadata of {@code claims}.
     *
     * @throws KafkaException when one was not written in time; some may have been
     */
    public void claimsNow(List<RunResult> claims, String instance, Instant claimedAt, Duration timeout) {
        String topic = catalog.claims();
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        for (ProducerRecord<String, byte[]> record :
                ClaimRecords.pack(topic, producer.partitionsFor(topic).size(), claims, instance, claimedAt)) {
            sends.add(producer.send(record));
        }
        try {
            for (Future<RecordMetadata> send : sends) {
                send.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (ExecutionException e) {
            throw new KafkaException("a claim was not written: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new KafkaException("the claims were not all written within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaException("interrupted while writing claims", e);
        }
    }

    /**
     * Writes the app's declared jobs to {@code declarations} (key: app) on the calling thread and waits at most
     * {@code timeout} until the broker has them.
     *
     * @throws KafkaException when the record was not written in time
     */
    public void declarationsNow(AppDeclarations declarations, Duration timeout) {
        try {
            producer.send(new ProducerRecord<>(
                            catalog.declarations(),
                            declarations.app(),
                            EventSerdes.DECLARATIONS.serialize(null, declarations)))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KafkaException(
                    "the declared jobs of app " + declarations.app() + " were not written: " + e.getCause(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new KafkaException(
                    "the declared jobs of app " + declarations.app() + " were not written within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaException("interrupted while writing the declared jobs", e);
        }
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
        } catch (KafkaException e) {
            log.error("could not publish to {} (key {}): {}", topic, key, e.toString());
        }
    }

    /**
     * Hands the queued results over, then sends what is buffered, waiting at most {@code timeout} for each, and closes
     * the producers.
     */
    public void close(Duration timeout) {
        results.close(timeout);
        logProducer.close(timeout);
        if (producer != logProducer) {
            producer.close(timeout);
        }
    }

    @Override
    public void close() {
        results.close(DEFAULT_HAND_OVER_TIMEOUT);
        logProducer.close();
        if (producer != logProducer) {
            producer.close();
        }
    }
}
