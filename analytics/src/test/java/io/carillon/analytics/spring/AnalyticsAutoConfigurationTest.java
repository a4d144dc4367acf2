package io.carillon.analytics.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.analytics.Analytics;
import io.carillon.testkit.StreamsAppAutoConfigurationContract;
import io.carillon.topics.events.Alerting;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

class AnalyticsAutoConfigurationTest extends StreamsAppAutoConfigurationContract<Analytics, Analytics.Builder> {

    AnalyticsAutoConfigurationTest() {
        super(
                "analytics",
                Analytics.class,
                AnalyticsAutoConfiguration.class,
                AnalyticsLifecycle.class,
                Analytics::isRunning,
                AnalyticsProperties::new,
                Analytics::builder,
                Analytics.Builder::build);
    }

    @Override
    protected List<String> ownSettings() {
        return List.of(
                "carillon.analytics.punctuate-interval=250ms",
                "carillon.analytics.window-grace=2s",
                "carillon.analytics.app-window-delay=3s",
                "carillon.analytics.results-from-start=true",
                "carillon.analytics.alerting.consecutive=3",
                "carillon.analytics.alerting.no-worker=false");
    }

    @Override
    protected void assertOwnSettings(AssertableApplicationContext context) {
        AnalyticsProperties properties = context.getBean(AnalyticsProperties.class);
        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(properties.getWindowGrace()).isEqualTo(Duration.ofSeconds(2));
        assertThat(properties.getAppWindowDelay()).isEqualTo(Duration.ofSeconds(3));
        assertThat(properties.isResultsFromStart()).isTrue();
        assertThat(properties.getAlerting())
                .isEqualTo(new Alerting(
                        null, 3, null, null, null, false, null, null, null, null, null, null, null, null, null));
    }

    @Test
    void hasDocumentedDefaults() {
        AnalyticsProperties properties = new AnalyticsProperties();

        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.getWindowGrace()).isEqualTo(Duration.ofSeconds(3));
        assertThat(properties.getAppWindowDelay()).isEqualTo(Duration.ofSeconds(2));
        assertThat(properties.isResultsFromStart()).isFalse();
        assertThat(properties.getAlerting()).isEqualTo(Alerting.unset());
    }
}
