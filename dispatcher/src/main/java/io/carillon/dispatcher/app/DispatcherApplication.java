package io.carillon.dispatcher.app;

import io.carillon.topics.spring.HealthProbes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The dispatcher as a process of its own: {@code java -jar carillon-dispatcher.jar}. Its web server on port
 * {@value #DEFAULT_PORT} ({@code server.port}) serves only the Actuator health probes and the Prometheus scrape
 * endpoint ({@link HealthProbes}). Its defaults are set here, not in an application.properties, so that a process
 * that embeds the dispatcher (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class DispatcherApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The port of its health probes, {@code /actuator/health/liveness} and {@code /readiness}. */
    public static final int DEFAULT_PORT = 8082;

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        Map<String, Object> defaults = new HashMap<>(HealthProbes.properties(List.of("dispatcher"), List.of()));
        defaults.put("spring.application.name", "carillon-dispatcher");
        defaults.put("carillon.metrics.consumer-lag-groups", "dispatcher");
        defaults.put("server.port", DEFAULT_PORT);
        defaults.put("spring.main.keep-alive", "true");
        return new SpringApplicationBuilder(DispatcherApplication.class).properties(defaults);
    }
}
