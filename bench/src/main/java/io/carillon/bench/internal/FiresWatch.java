package io.carillon.bench.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Reads {@code fires} from its end at {@link #start} on a thread of its own and tells {@link PlannedJobs} of every
 * FIRE as it becomes visible (read_committed). Start it before the jobs are created; close it from the thread that
 * started it.
 */
final class FiresWatch implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(50);
    private static final long STOP_TIMEOUT_S = 10;

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final PlannedJobs planned;
    private final WallClock clock;
    private final Thread thread;
    private volatile boolean running = true;

    private FiresWatch(KafkaConsumer<byte[], byte[]> consumer, PlannedJobs planned, WallClock clock) {
        this.consumer = consumer;
        this.planned = planned;
        this.clock = clock;
        this.thread = new Thread(this::poll, "bench-fires-watch");
        this.thread.setDaemon(true);
    }

    static FiresWatch start(
            Map<String, Object> clientConfig, TopicCatalog catalog, PlannedJobs planned, WallClock clock) {
        FiresWatch watch = new FiresWatch(FirstFire.fromEnd(clientConfig, catalog.fires()), planned, clock);
        watch.thread.start();
        return watch;
    }

    private void poll() {
        try {
            while (running && !planned.allPlanned()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    for (FireEvent fire : FirstFire.parse(record.value())) {
                        if (fire.action() == FireAction.FIRE) {
                            planned.fireSeen(fire.jobId(), clock.now());
                        }
                    }
                }
            }
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(STOP_TIMEOUT_S));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
