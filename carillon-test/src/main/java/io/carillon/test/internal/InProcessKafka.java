package io.carillon.test.internal;

import io.carillon.broker.KafkaBroker;

/** The in-process KRaft broker of the {@code broker} module. Not thread-safe. */
final class InProcessKafka implements KafkaSource {

    private KafkaBroker broker;

    @Override
    public String start() {
        broker = KafkaBroker.builder().start();
        return broker.bootstrapServers();
    }

    @Override
    public void close() {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }
}
