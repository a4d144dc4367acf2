package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.Alerting;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad settings are refused with a message that names the setting. */
class AnalyticsSettingsTest {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void eachBadSettingIsNamed() {
        assertThatThrownBy(() -> new AnalyticsSettings(Duration.ZERO, SECOND, SECOND, false, Alerting.unset()))
                .hasMessageContaining("punctuateInterval must be positive");
        assertThatThrownBy(() -> new AnalyticsSettings(SECOND, SECOND.negated(), SECOND, false, Alerting.unset()))
                .hasMessageContaining("windowGrace must not be negative");
        assertThatThrownBy(() -> new AnalyticsSettings(
                        SECOND,
                        SECOND,
                        SECOND,
                        false,
                        new Alerting(
                                null, 0, null, null, -1L, null, null, null, null, null, null, null, null, null, null)))
                .hasMessageContaining("alerting.consecutive: must be at least 1")
                .hasMessageContaining("alerting.startGraceMs: must not be negative");
    }
}
