package io.carillon.console.internal.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LogPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        LogProperties settings = new LogProperties();

        assertThat(settings.getGroupId()).isNull();
        assertThat(settings.getMaxLinesPerRun()).isEqualTo(10_000);
        assertThat(settings.getMaxBytesPerRun()).isEqualTo(5L * 1024 * 1024);
        assertThat(settings.getMaxLineLength()).isEqualTo(8192);
        assertThat(settings.getMaxStreams()).isEqualTo(100);
        assertThat(settings.getStreamMaxDuration()).isEqualTo(Duration.ofMinutes(30));
        assertThat(settings.getStreamPollInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.getStreamSettle()).isEqualTo(Duration.ofSeconds(2));
    }
}
