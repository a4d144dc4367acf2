package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;

import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.testkit.ClientConfigRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The materializer's consumer gets carillon.kafka.properties; no record is read, so its listener is a stand-in. */
class RunMaterializerConfigurationTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(MaterializerProperties.class)
    static class Console {}

    @Test
    void theResultsConsumerGetsTheKafkaPropertiesAndKeepsReadCommitted() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        String marker = ClientConfigRecorder.newMarker();
        List<String> properties = new ArrayList<>(ClientConfigRecorder.carillonProperties(marker));
        properties.addAll(List.of(
                "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "carillon.topics.prefix=" + catalog.prefix(),
                "carillon.topics.partitions=1"));
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class))
                .withUserConfiguration(Console.class, RunMaterializerConfiguration.class)
                .withBean(RunMaterializer.class, () -> mock(RunMaterializer.class))
                .withPropertyValues(properties.toArray(String[]::new))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    await().atMost(Duration.ofSeconds(20))
                            .untilAsserted(() -> assertThat(ClientConfigRecorder.configs(marker))
                                    .anySatisfy(config -> assertThat(config)
                                            .containsEntry("group.id", catalog.prefix() + "console")
                                            .containsEntry("isolation.level", "read_committed")
                                            .containsEntry("reconnect.backoff.ms", "123")));
                });
    }
}
