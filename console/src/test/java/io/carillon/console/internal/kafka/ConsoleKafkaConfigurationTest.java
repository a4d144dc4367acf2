package io.carillon.console.internal.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.ClientConfigRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.KafkaClientTimeouts;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

class ConsoleKafkaConfigurationTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(ConsoleKafkaProperties.class)
    static class Console {}

    @Test
    void theConsolesProducerGetsTheKafkaProperties() {
        String marker = ClientConfigRecorder.newMarker();
        List<String> properties = new ArrayList<>(ClientConfigRecorder.carillonProperties(marker));
        properties.addAll(List.of(
                "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "carillon.topics.initialize=false"));
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class))
                .withUserConfiguration(Console.class, ConsoleKafkaConfiguration.class)
                .withPropertyValues(properties.toArray(String[]::new))
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(ConsoleProducer.class);
                    assertThat(ClientConfigRecorder.configs(marker))
                            .singleElement()
                            .satisfies(config -> assertThat(config)
                                    .containsEntry("client.id", "carillon-console")
                                    .containsEntry("reconnect.backoff.ms", "123")
                                    .containsEntry("enable.idempotence", true)
                                    .as("a lost broker costs seconds; a record is not retried past the send timeout")
                                    .containsAllEntriesOf(KafkaClientTimeouts.defaults())
                                    .containsEntry("delivery.timeout.ms", 30_000));
                });
    }
}
