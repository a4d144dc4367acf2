package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Watches {@code stats} live (read_committed, no group, from the beginning) on a thread of its own and notes, by
 * the clock, when each minute record of one app became visible: the app's minute record (first arrival), and the
 * latest of its jobs' minute records with how many there were. The maps may be read from any thread while it runs.
 */
final class StatsWatcher implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(100);
    private static final long JOIN_TIMEOUT_MS = 10_000;

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String app;
    private final Clock clock;
    private final Map<Instant, Instant> appMinutes = new ConcurrentHashMap<>();
    private final Map<Instant, Instant> lastJobMinutes = new ConcurrentHashMap<>();
    private final Map<Instant, Long> jobMinuteRecords = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private volatile long unreadable;

    private StatsWatcher(Map<String, Object> clientConfig, String topic, String app, Clock clock) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        this.app = app;
        this.clock = clock;
        this.thread = new Thread(this::watch, "bench-stats-watcher");
        thread.setDaemon(true);
    }

    /** Starts watching {@code topic} for the minute records of {@code app}. */
    static StatsWatcher start(Map<String, Object> clientConfig, String topic, String app, Clock clock) {
        StatsWatcher watcher = new StatsWatcher(clientConfig, topic, app, clock);
        watcher.thread.start();
        return watcher;
    }

    private void watch() {
        try {
            while (running.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.value() != null) {
                        add(record.value(), clock.instant());
                    }
                }
            }
        } catch (WakeupException e) {
            // close() asked it to stop
        } finally {
            consumer.close();
        }
    }

    private void add(byte[] value, Instant arrived) {
        RunStats stats;
        try {
            stats = EventSerdes.STATS.deserialize(null, value);
        } catch (InvalidEventException e) {
            unreadable++;
            return;
        }
        if (stats.window() != StatsWindow.MINUTE || !app.equals(stats.app())) {
            return;
        }
        if (stats.scope() == StatsScope.APP) {
            appMinutes.putIfAbsent(stats.windowStart(), arrived);
        } else {
            lastJobMinutes.merge(stats.windowStart(), arrived, (a, b) -> a.isAfter(b) ? a : b);
            jobMinuteRecords.merge(stats.windowStart(), 1L, Long::sum);
        }
    }

    /** When each of the app's minute records first arrived, by minute start. */
    Map<Instant, Instant> appMinutes() {
        return appMinutes;
    }

    /** When the last job minute record of the app arrived, by minute start. */
    Map<Instant, Instant> lastJobMinutes() {
        return lastJobMinutes;
    }

    /** How many job minute records of the app arrived, by minute start. */
    Map<Instant, Long> jobMinuteRecords() {
        return jobMinuteRecords;
    }

    /** Records of {@code stats} that could not be read as RunStats. */
    long unreadable() {
        return unreadable;
    }

    @Override
    public void close() {
        running.set(false);
        consumer.wakeup();
        try {
            thread.join(JOIN_TIMEOUT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
