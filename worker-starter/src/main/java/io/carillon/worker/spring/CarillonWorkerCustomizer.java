package io.carillon.worker.spring;

import io.carillon.worker.CarillonWorker;

/**
 * Adjusts the worker's builder after the properties and the {@code @JobHandler} methods were applied, for example to
 * register handlers in code or set Kafka client settings. Customizer beans are applied in their
 * {@link org.springframework.core.annotation.Order order}.
 */
@FunctionalInterface
public interface CarillonWorkerCustomizer {

    void customize(CarillonWorker.Builder builder);
}
