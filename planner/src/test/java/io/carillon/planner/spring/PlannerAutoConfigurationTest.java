package io.carillon.planner.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.planner.Planner;
import io.carillon.testkit.StreamsAppAutoConfigurationContract;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

class PlannerAutoConfigurationTest extends StreamsAppAutoConfigurationContract<Planner, Planner.Builder> {

    PlannerAutoConfigurationTest() {
        super(
                "planner",
                Planner.class,
                PlannerAutoConfiguration.class,
                PlannerLifecycle.class,
                Planner::isRunning,
                PlannerProperties::new,
                Planner::builder,
                Planner.Builder::build);
    }

    @Override
    protected List<String> ownSettings() {
        return List.of(
                "carillon.planner.horizon=5s",
                "carillon.planner.punctuate-interval=250ms",
                "carillon.planner.run-timeout-grace=45s",
                "carillon.planner.open-run-check-interval=2s");
    }

    @Override
    protected void assertOwnSettings(AssertableApplicationContext context) {
        PlannerProperties properties = context.getBean(PlannerProperties.class);
        assertThat(properties.getHorizon()).isEqualTo(Duration.ofSeconds(5));
        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(properties.getRunTimeoutGrace()).isEqualTo(Duration.ofSeconds(45));
        assertThat(properties.getOpenRunCheckInterval()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void hasDocumentedDefaults() {
        PlannerProperties properties = new PlannerProperties();

        assertThat(properties.getHorizon()).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.getRunTimeoutGrace()).isEqualTo(Duration.ofSeconds(30));
        assertThat(properties.getOpenRunCheckInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(100));
    }
}
