package io.carillon.topics.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import java.io.IOException;
import java.net.ServerSocket;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Health {@code carillonKafka} against the real broker: UP, DOWN naming missing topics, DOWN when unreachable. */
class KafkaHealthIndicatorIT {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonHealthAutoConfiguration.class))
            .withPropertyValues("carillon.topics.initialize=false", "carillon.topics.partitions=1");

    @Test
    void upWhenTheClusterAnswersAndEveryCoreTopicExists() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        runner.withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + catalog.prefix())
                .run(context -> {
                    Health health = context.getBean("carillonKafkaHealthIndicator", HealthIndicator.class)
                            .health();
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(health.getDetails()).containsKey("clusterId").containsEntry("prefix", catalog.prefix());
                });
    }

    @Test
    void downNamingTheCoreTopicsThatAreMissing() {
        String prefix = "missing" + System.nanoTime() + ".";
        runner.withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + prefix)
                .run(context -> {
                    Health health = context.getBean("carillonKafkaHealthIndicator", HealthIndicator.class)
                            .health();
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.getDetails().get("missingTopics"))
                            .asInstanceOf(InstanceOfAssertFactories.LIST)
                            .contains(prefix + "jobs", prefix + "fires", prefix + "results");
                });
    }

    @Test
    void downWhenTheClusterDoesNotAnswer() throws IOException {
        runner.withPropertyValues("carillon.kafka.bootstrap-servers=localhost:" + unusedPort())
                .run(context -> {
                    Health health = context.getBean("carillonKafkaHealthIndicator", HealthIndicator.class)
                            .health();
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.getDetails()).containsKey("error");
                });
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
