package io.carillon.topics.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

/** The consumer-lag meter's bean and settings, without Kafka: a meter without groups reads nothing. */
class CarillonMetricsAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonMetricsAutoConfiguration.class))
            .withPropertyValues("carillon.kafka.bootstrap-servers=broker-1:9093", "carillon.topics.initialize=false");

    @Test
    void withoutGroupsTheMeterStartsNoThreadAndNoAdminClient() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(ConsumerLagMeter.class);
            assertThat(context.getBean(ConsumerLagMeter.class).isRunning()).isFalse();
        });
    }

    @Test
    void withGroupsTheMeterRunsWithTheContext() {
        runner.withPropertyValues(
                        "carillon.metrics.consumer-lag-groups=planner,trigger.*",
                        "carillon.metrics.consumer-lag-interval=1h")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(ConsumerLagMeter.class).isRunning())
                            .isTrue();
                });
    }

    @Test
    void badSettingsFailTheStartNamingTheProperty() {
        runner.withPropertyValues("carillon.metrics.consumer-lag-interval=0s")
                .run(context -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("carillon.metrics.consumer-lag-interval must be positive"));
        runner.withPropertyValues("carillon.metrics.consumer-lag-max-groups=0")
                .run(context -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
                        .hasMessageContaining("carillon.metrics.consumer-lag-max-groups must be at least 1"));
    }

    @Test
    void withoutMicrometerThereIsNoMeter() {
        runner.withClassLoader(new FilteredClassLoader(MeterBinder.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(ConsumerLagMeter.class));
    }
}
