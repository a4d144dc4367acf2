package io.carillon.worker.spring;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * The worker's run meters ({@code carillon.worker.runs}, {@code carillon.worker.run.duration}) in the service's
 * {@link MeterRegistry}, when Micrometer is on its classpath and the service has a registry (Spring Boot Actuator
 * provides one); without Micrometer nothing here is loaded and the worker counts nothing.
 */
@AutoConfiguration(after = CarillonWorkerAutoConfiguration.class)
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(CarillonWorkerLifecycle.class)
public final class WorkerMetricsAutoConfiguration {

    @Bean
    CarillonWorkerCustomizer carillonWorkerRunMeters(
            ObjectProvider<MeterRegistry> registry, CarillonWorkerProperties properties) {
        return builder ->
                registry.ifAvailable(meters -> builder.runListener(new RunMeters(meters, properties.getApp())));
    }
}
