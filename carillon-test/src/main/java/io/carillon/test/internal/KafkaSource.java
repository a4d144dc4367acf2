package io.carillon.test.internal;

/** Where the extension's Kafka comes from: started by {@link #start()}, stopped by {@link #close()}. */
public interface KafkaSource extends AutoCloseable {

    /** Starts Kafka and answers its bootstrap servers; may be called again after {@link #close()}. */
    String start();

    /** Why this Kafka cannot start on this machine, or null when it can. */
    default String unavailableReason() {
        return null;
    }

    /** Stops Kafka; does nothing when it did not start. */
    @Override
    void close();

    /** The broker module's KRaft broker, in the test's JVM. */
    static KafkaSource inProcess() {
        return new InProcessKafka();
    }

    /** A Kafka container from {@code image} (Testcontainers; needs Docker). */
    static KafkaSource container(String image) {
        return new ContainerKafka(image);
    }
}
