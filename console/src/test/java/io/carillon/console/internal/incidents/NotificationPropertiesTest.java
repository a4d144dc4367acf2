package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class NotificationPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        NotificationProperties settings = new NotificationProperties();

        assertThat(settings.getPollInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.getBatchSize()).isEqualTo(20);
        assertThat(settings.getMaxAttempts()).isEqualTo(8);
        assertThat(settings.getInitialBackoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(settings.getBackoffMultiplier()).isEqualTo(2.0);
        assertThat(settings.getMaxBackoff()).isEqualTo(Duration.ofMinutes(10));
        assertThat(settings.getConnectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settings.getReadTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(settings.getDefaultSilence()).isEqualTo(Duration.ofMinutes(5));
        assertThat(settings.getMailFrom()).isEqualTo("carillon@localhost");
        assertThat(settings.getMaxMessageChars()).isEqualTo(1000);
        assertThat(settings.getMaxChannels()).isEqualTo(100);
        assertThat(settings.getMaxChannelApps()).isEqualTo(100);
    }
}
