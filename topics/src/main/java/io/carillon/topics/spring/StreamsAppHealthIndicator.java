package io.carillon.topics.spring;

import java.util.function.Supplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of a Kafka Streams application (the planner, the analytics app) from the name of its
 * {@code KafkaStreams.State}: UP when RUNNING; OUT_OF_SERVICE while it starts or rebalances (CREATED, REBALANCING:
 * not ready, but alive); DOWN once it stops or fails (PENDING_SHUTDOWN, NOT_RUNNING, PENDING_ERROR, ERROR: a restart
 * is what helps). The readiness group counts only UP; the liveness group maps OUT_OF_SERVICE to 200
 * ({@link HealthProbes}), so a rebalance makes an instance unready without getting it restarted.
 *
 * <p>Thread-safe when {@code state} is.
 */
public final class StreamsAppHealthIndicator implements HealthIndicator {

    private final Supplier<String> state;

    /** An indicator reading the state's name from {@code state}, e.g. {@code () -> streams.state().name()}. */
    public StreamsAppHealthIndicator(Supplier<String> state) {
        this.state = state;
    }

    @Override
    public Health health() {
        String name = state.get();
        return switch (name) {
            case "RUNNING" -> Health.up().withDetail("state", name).build();
            case "CREATED", "REBALANCING" ->
                Health.outOfService().withDetail("state", name).build();
            default -> Health.down().withDetail("state", name).build();
        };
    }
}
