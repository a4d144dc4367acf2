package io.carillon.planner.app;

import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The planner as its own process ({@code planner/target/carillon-planner.jar}): Kafka from
 * {@code carillon.kafka.bootstrap-servers}, topics from {@code carillon.topics.*}, planner settings from
 * {@code carillon.planner.*}. Its defaults are set here, not in an application.properties, so that a process that
 * embeds the planner (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class PlannerApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(PlannerApplication.class)
                .properties(Map.of("spring.application.name", "carillon-planner",
                        "spring.main.web-application-type", "none"));
    }
}
