package io.carillon.planner.spring;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import io.carillon.planner.Planner;

/**
 * Health {@code planner}, from the state of its Kafka Streams application: UP when RUNNING; OUT_OF_SERVICE while it
 * starts or rebalances (CREATED, REBALANCING: not ready, but alive); DOWN once it stops or fails (PENDING_SHUTDOWN,
 * NOT_RUNNING, PENDING_ERROR, ERROR: a restart is what helps). The readiness group counts only UP; the liveness group
 * maps OUT_OF_SERVICE to 200, so a rebalance makes a planner unready without getting it restarted.
 *
 * <p>Thread-safe.
 */
final class PlannerHealthIndicator implements HealthIndicator {

    private final Planner planner;

    PlannerHealthIndicator(Planner planner) {
        this.planner = planner;
    }

    @Override
    public Health health() {
        return switch (planner.state()) {
            case RUNNING -> Health.up().withDetail("state", "RUNNING").build();
            case CREATED, REBALANCING -> Health.outOfService().withDetail("state", planner.state().name()).build();
            default -> Health.down().withDetail("state", planner.state().name()).build();
        };
    }
}
