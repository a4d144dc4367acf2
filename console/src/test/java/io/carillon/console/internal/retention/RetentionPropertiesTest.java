package io.carillon.console.internal.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetentionPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        RetentionProperties settings = new RetentionProperties();

        assertThat(settings.getRuns()).isEqualTo(Duration.ofDays(30));
        assertThat(settings.getLogs()).isEqualTo(Duration.ofDays(30));
        assertThat(settings.getDaysAhead()).isEqualTo(7);
        assertThat(settings.getInterval()).isEqualTo(Duration.ofHours(1));
        assertThat(settings.getLockTimeout()).isEqualTo(Duration.ofSeconds(10));
    }
}
