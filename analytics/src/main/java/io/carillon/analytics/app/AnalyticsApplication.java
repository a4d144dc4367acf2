package io.carillon.analytics.app;

import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The analytics app as its own process ({@code analytics/target/carillon-analytics.jar}): Kafka from
 * {@code carillon.kafka.bootstrap-servers}, topics from {@code carillon.topics.*}, analytics settings from
 * {@code carillon.analytics.*}. Its defaults are set here, not in an application.properties, so that a process that
 * embeds the analytics app (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class AnalyticsApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(AnalyticsApplication.class)
                .properties(Map.of("spring.application.name", "carillon-analytics",
                        "spring.main.web-application-type", "none"));
    }
}
