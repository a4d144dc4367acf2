package io.carillon.console.internal.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class JobPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        JobProperties settings = new JobProperties();

        assertThat(settings.getDefaultPageSize()).isEqualTo(50);
        assertThat(settings.getMaxPageSize()).isEqualTo(500);
        assertThat(settings.getMaxFilterLength()).isEqualTo(200);
        assertThat(settings.getMaxBatchIds()).isEqualTo(100);
        assertThat(settings.getMaxBackfillFires()).isEqualTo(1000);
        assertThat(settings.getMaxReasonLength()).isEqualTo(500);
        assertThat(settings.getMaxRunAtAhead()).isEqualTo(Duration.ofDays(366));
        assertThat(settings.getFiresPerDayWarning()).isEqualTo(1440);
        assertThat(settings.getDstLookahead()).isEqualTo(Duration.ofDays(366));
    }

    @Test
    void bindsItsProperties() {
        Map<String, String> source = Map.of("carillon.console.jobs.fires-per-day-warning", "100");

        JobProperties settings = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.jobs", JobProperties.class)
                .get();

        assertThat(settings.getFiresPerDayWarning()).isEqualTo(100);
    }
}
