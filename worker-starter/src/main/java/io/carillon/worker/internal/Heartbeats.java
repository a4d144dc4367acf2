package io.carillon.worker.internal;

import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes this instance's heartbeat to {@code workers}: at start, every interval, and whenever its trigger
 * partitions change; then a tombstone, after which nothing more is sent. Each carries the executor's running,
 * waiting and lingering counts and the ids of the jobs busy here (for the dispatcher's BUSYOVER). Thread-safe.
 */
final class Heartbeats {

    private static final Logger log = LoggerFactory.getLogger(Heartbeats.class);

    private final WorkerSettings settings;
    private final EventPublisher publisher;
    private final RunExecutor runs;
    private final Instant startedAt;
    private final List<String> handlers;
    private final Set<Integer> partitions = new ConcurrentSkipListSet<>();
    private ScheduledFuture<?> schedule;
    private boolean stopped;

    Heartbeats(WorkerSettings settings, EventPublisher publisher, RunExecutor runs) {
        this.settings = settings;
        this.publisher = publisher;
        this.runs = runs;
        this.startedAt = settings.clock().instant();
        this.handlers = List.copyOf(new TreeSet<>(settings.handlers().keySet()));
    }

    synchronized void start(ScheduledExecutorService timer) {
        beat();
        long interval = settings.heartbeatInterval().toMillis();
        schedule = timer.scheduleAtFixedRate(this::beat, interval, interval, TimeUnit.MILLISECONDS);
    }

    void assigned(Collection<TopicPartition> assigned) {
        assigned.forEach(partition -> partitions.add(partition.partition()));
        beat();
    }

    void revoked(Collection<TopicPartition> revoked) {
        revoked.forEach(partition -> partitions.remove(partition.partition()));
        beat();
    }

    synchronized void beat() {
        if (stopped) {
            return;
        }
        try {
            publisher.heartbeat(
                    settings.instanceId(),
                    new WorkerHeartbeat(
                            WorkerHeartbeat.SCHEMA_VERSION,
                            settings.instanceId(),
                            settings.app(),
                            handlers,
                            settings.capacity(),
                            runs.runningCount(),
                            List.copyOf(partitions),
                            settings.heartbeatInterval().toMillis(),
                            startedAt,
                            settings.clock().instant(),
                            runs.waitingCount(),
                            runs.lingeringCount(),
                            runs.busyJobs()));
        } catch (KafkaException e) {
            log.warn("heartbeat of {} not sent: {}", settings.instanceId(), e.toString());
        }
    }

    /** Publishes the tombstone that tells everyone this instance is gone, and stops beating. */
    synchronized void tombstone() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (schedule != null) {
            schedule.cancel(false);
        }
        publisher.heartbeat(settings.instanceId(), null);
    }
}
