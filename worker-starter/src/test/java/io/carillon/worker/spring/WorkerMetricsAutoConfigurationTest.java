package io.carillon.worker.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The worker's run meters appear only when the service has Micrometer and a meter registry. */
class WorkerMetricsAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    CarillonCoreAutoConfiguration.class,
                    CarillonWorkerAutoConfiguration.class,
                    WorkerMetricsAutoConfiguration.class))
            .withPropertyValues(
                    "carillon.topics.initialize=false",
                    "carillon.worker.auto-startup=false",
                    "carillon.worker.app=billing");

    @Test
    void registersTheRunMetersOfEveryEndInTheServicesRegistry() {
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(CarillonWorkerCustomizer.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            for (String status : new String[] {"SUCCEEDED", "FAILED", "TIMED_OUT", "KILLED", "SKIPPED"}) {
                assertThat(registry.get(RunMeters.RUNS)
                                .tags("app", "billing", "status", status)
                                .counter()
                                .count())
                        .isZero();
                assertThat(registry.get(RunMeters.DURATION)
                                .tags("app", "billing", "status", status)
                                .timer())
                        .isNotNull();
            }
            assertThat(registry.find(RunMeters.RUNS).tag("status", "STARTED").counter())
                    .isNull();
        });
    }

    @Test
    void withoutMicrometerTheWorkerRunsWithoutMeters() {
        runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
                .run(context -> assertThat(context)
                        .hasNotFailed()
                        .hasSingleBean(CarillonWorkerLifecycle.class)
                        .doesNotHaveBean(CarillonWorkerCustomizer.class));
    }

    @Test
    void withMicrometerButNoRegistryNothingIsCounted() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(MeterRegistry.class);
            assertThat(context.getBean(CarillonWorkerLifecycle.class).worker()).isNotNull();
        });
    }

    @Test
    void noMetersWithoutAWorker() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        CarillonCoreAutoConfiguration.class,
                        CarillonWorkerAutoConfiguration.class,
                        WorkerMetricsAutoConfiguration.class))
                .withPropertyValues("carillon.topics.initialize=false")
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(CarillonWorkerCustomizer.class));
    }
}
