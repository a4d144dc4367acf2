package io.carillon.test.internal;

import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Kafka in a container started by Testcontainers. Without a Docker engine, {@link #start()} aborts the calling
 * test (JUnit reports it skipped) instead of failing it. Not thread-safe.
 */
final class ContainerKafka implements KafkaSource {

    private final String image;
    private KafkaContainer container;
    private Boolean dockerAvailable;

    ContainerKafka(String image) {
        this.image = image;
    }

    @Override
    public String unavailableReason() {
        if (dockerAvailable == null) {
            dockerAvailable = DockerClientFactory.instance().isDockerAvailable();
        }
        return dockerAvailable ? null : "no Docker engine: tests on a Kafka container (" + image + ") are skipped";
    }

    @Override
    public String start() {
        String unavailable = unavailableReason();
        Assumptions.assumeTrue(unavailable == null, unavailable);
        container = new KafkaContainer(DockerImageName.parse(image));
        container.start();
        return container.getBootstrapServers();
    }

    @Override
    public void close() {
        if (container != null) {
            container.stop();
            container = null;
        }
    }
}
