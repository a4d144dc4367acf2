package io.carillon.dispatcher.app;

import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The dispatcher as a process of its own: {@code java -jar carillon-dispatcher.jar}. Its defaults are set here, not
 * in an application.properties, so that a process that embeds the dispatcher (the standalone jar) keeps its own.
 */
@SpringBootApplication
public class DispatcherApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The application as {@link #main} runs it. */
    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(DispatcherApplication.class)
                .properties(Map.of("spring.application.name", "carillon-dispatcher",
                        "spring.main.web-application-type", "none",
                        "spring.main.keep-alive", "true"));
    }
}
