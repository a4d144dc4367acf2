package io.carillon.console.internal.workers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkerPropertiesTest {

    @Test
    void hasTheDocumentedDefaults() {
        WorkerProperties settings = new WorkerProperties();

        assertThat(settings.getStaleAfterMissedBeats()).isEqualTo(3);
        assertThat(settings.getForgetAfter()).isEqualTo(Duration.ofHours(1));
    }
}
