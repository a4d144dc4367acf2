package io.carillon.console.internal.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ForecastPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        ForecastProperties settings = new ForecastProperties();

        assertThat(settings.getPeaks()).isEqualTo(5);
        assertThat(settings.getJobsPerPeak()).isEqualTo(10);
        assertThat(settings.getMaxFiresPerJob()).isEqualTo(86_400);
        assertThat(settings.getDefaultGridJobs()).isEqualTo(50);
        assertThat(settings.getMaxGridJobs()).isEqualTo(200);
    }
}
