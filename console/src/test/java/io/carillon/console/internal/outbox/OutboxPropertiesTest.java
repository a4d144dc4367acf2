package io.carillon.console.internal.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class OutboxPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        OutboxProperties settings = new OutboxProperties();

        assertThat(settings.getPollInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(settings.getMaxPollInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(settings.getBatchSize()).isEqualTo(500);
        assertThat(settings.isWakeOnChange()).isTrue();
    }

    @Test
    void bindsItsProperties() {
        Map<String, String> source = Map.of(
                "carillon.console.outbox.poll-interval",
                "250ms",
                "carillon.console.outbox.max-poll-interval",
                "5s",
                "carillon.console.outbox.wake-on-change",
                "false");

        OutboxProperties settings = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.outbox", OutboxProperties.class)
                .get();

        assertThat(settings.getPollInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.getMaxPollInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settings.isWakeOnChange()).isFalse();
    }
}
