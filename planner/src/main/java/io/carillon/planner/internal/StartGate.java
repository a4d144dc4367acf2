package io.carillon.planner.internal;

import java.util.function.BooleanSupplier;
import org.apache.kafka.streams.KafkaStreams;

/**
 * Holds the planner's punctuators back until its Kafka Streams client has been RUNNING once. A task restored on
 * start-up can punctuate while the stream thread is still taking its other tasks on (PARTITIONS_ASSIGNED); the
 * fires and store writes of that punctuation open a transaction that, as measured on a restart at 200,000 jobs, was
 * committed only once the thread was RUNNING, 20 s later on a loaded machine, past the 10 s transaction timeout: the
 * broker aborted it, fenced the producer, and every task was restored again from its changelogs. Records are still
 * processed before RUNNING; only the punctuators wait. Once open the gate stays open: a later rebalance does not stop
 * the fires of the tasks that keep running.
 *
 * <p>Threading: {@link #onStateChange} is called by Kafka Streams (its state listener, any of its threads);
 * {@link #getAsBoolean()} by the stream threads. The flag is volatile.
 */
public final class StartGate implements BooleanSupplier {

    private volatile boolean open;

    /** A gate that is open from the start: for a topology driven without a Kafka Streams client (tests). */
    public static StartGate alwaysOpen() {
        StartGate gate = new StartGate();
        gate.open = true;
        return gate;
    }

    /** Kafka Streams' state listener: opens the gate when the client reaches RUNNING. */
    public void onStateChange(KafkaStreams.State newState, KafkaStreams.State oldState) {
        if (newState == KafkaStreams.State.RUNNING) {
            open = true;
        }
    }

    /** Whether the punctuators may run. */
    @Override
    public boolean getAsBoolean() {
        return open;
    }
}
