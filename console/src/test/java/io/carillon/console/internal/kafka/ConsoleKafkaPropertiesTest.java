package io.carillon.console.internal.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class ConsoleKafkaPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        ConsoleKafkaProperties settings = new ConsoleKafkaProperties();

        assertThat(settings.getSendTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void bindsItsProperties() {
        Map<String, String> source = Map.of("carillon.console.kafka.send-timeout", "5s");

        ConsoleKafkaProperties settings = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.kafka", ConsoleKafkaProperties.class)
                .get();

        assertThat(settings.getSendTimeout()).isEqualTo(Duration.ofSeconds(5));
    }
}
