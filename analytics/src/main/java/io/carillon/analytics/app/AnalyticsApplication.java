package io.carillon.analytics.app;

import io.carillon.topics.spring.HealthProbes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The analytics app as its own process ({@code analytics/target/carillon-analytics.jar}): Kafka from
 * {@code carillon.kafka.bootstrap-servers}, topics from {@code carillon.topics.*}, analytics settings from
 * {@code carillon.analytics.*}. Its web server on port {@value #DEFAULT_PORT} ({@code server.port}) serves only the
 * Actuator health probes and the Prometheus scrape endpoint ({@link HealthProbes}). Its defaults are set here, not
 * in an application.properties, so that a process that embeds the analytics app (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class AnalyticsApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The port of its health probes, {@code /actuator/health/liveness} and {@code /readiness}. */
    public static final int DEFAULT_PORT = 8083;

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        Map<String, Object> defaults = new HashMap<>(HealthProbes.properties(List.of("analytics"), List.of()));
        defaults.put("spring.application.name", "carillon-analytics");
        defaults.put("carillon.metrics.consumer-lag-groups", "analytics");
        defaults.put("server.port", DEFAULT_PORT);
        return new SpringApplicationBuilder(AnalyticsApplication.class).properties(defaults);
    }
}
