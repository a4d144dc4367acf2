package io.carillon.planner.app;

import io.carillon.topics.spring.HealthProbes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The planner as its own process ({@code planner/target/carillon-planner.jar}): Kafka from
 * {@code carillon.kafka.bootstrap-servers}, topics from {@code carillon.topics.*}, planner settings from
 * {@code carillon.planner.*}. Its web server on port {@value #DEFAULT_PORT} ({@code server.port}) serves only the
 * Actuator health probes and the Prometheus scrape endpoint ({@link HealthProbes}). Its defaults are set here, not
 * in an application.properties, so that a process that embeds the planner (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class PlannerApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The port of its health probes, {@code /actuator/health/liveness} and {@code /readiness}. */
    public static final int DEFAULT_PORT = 8081;

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        Map<String, Object> defaults = new HashMap<>(HealthProbes.properties(List.of("planner"), List.of()));
        defaults.put("spring.application.name", "carillon-planner");
        defaults.put("carillon.metrics.consumer-lag-groups", "planner");
        defaults.put("server.port", DEFAULT_PORT);
        return new SpringApplicationBuilder(PlannerApplication.class).properties(defaults);
    }
}
