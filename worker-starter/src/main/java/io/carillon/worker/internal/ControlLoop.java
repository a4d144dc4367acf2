package io.carillon.worker.internal;

import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * The consumer thread of the {@code control} topic. Each instance reads every partition itself, without a consumer
 * group, from the end of the topic as it is at start-up: a command is meant for whoever runs the run now, and a
 * command older than this instance cannot name one of its runs.
 *
 * <p>{@link #positionAtEnd()} is called once before {@link #run()}, which then owns the consumer; {@link #stop()}
 * may be called from any thread.
 */
final class ControlLoop implements Runnable {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final ControlIntake intake;
    private volatile boolean stopping;

    ControlLoop(Consumer<byte[], byte[]> consumer, String topic, ControlIntake intake) {
        this.consumer = consumer;
        this.topic = topic;
        this.intake = intake;
    }

    /**
     * Assigns every partition of the topic and fixes the position at its end, so that any command written after
     * this returns is read.
     *
     * @throws IllegalStateException when the topic does not exist
     */
    void positionAtEnd() {
        List<PartitionInfo> infos = consumer.partitionsFor(topic);
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("the control topic " + topic + " does not exist; create the core topics "
                    + "first (TopicInitializer with TopicCatalog.coreTopics())");
        }
        List<TopicPartition> partitions = infos.stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                consumer.poll(POLL_TIMEOUT).forEach(intake::take);
            }
        } catch (WakeupException e) {
            if (!stopping) {
                throw e;
            }
        } finally {
            consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT));
        }
    }

    /** Ends the loop promptly and closes the consumer. */
    void stop() {
        stopping = true;
        consumer.wakeup();
    }
}
