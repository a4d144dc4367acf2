package io.carillon.dispatcher.spring;

import io.carillon.dispatcher.Dispatcher;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health {@code dispatcher}: UP while the dispatcher's thread runs, also while it starts again with new Kafka clients
 * after a fatal error of its producer or a consumer; DOWN before it starts, after it closes, or once it stopped for
 * good (fenced by a newer instance, or an error that is not a Kafka client's: a restart of the process is what helps).
 * In both the liveness and the readiness group.
 *
 * <p>Thread-safe.
 */
final class DispatcherHealthIndicator implements HealthIndicator {

    private final Dispatcher dispatcher;

    DispatcherHealthIndicator(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public Health health() {
        Health.Builder health = dispatcher.isRunning() ? Health.up() : Health.down();
        return health.withDetail("transactionalId", dispatcher.transactionalId())
                .build();
    }
}
