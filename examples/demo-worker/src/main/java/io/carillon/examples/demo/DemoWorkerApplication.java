package io.carillon.examples.demo;

import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * An example of a user's service: a Spring Boot application with the Carillon worker starter on its classpath and
 * {@code @JobHandler} methods on a bean ({@link DemoHandlers}). Its defaults (no web server, worker app
 * {@code demo}) are set here rather than in an application.properties, so that the standalone jar, which also
 * carries this class, keeps the console's.
 */
@SpringBootApplication
public class DemoWorkerApplication {

    public static void main(String[] args) {
        new SpringApplicationBuilder(DemoWorkerApplication.class)
                .properties(Map.of("spring.main.web-application-type", "none", "carillon.worker.app", "demo"))
                .run(args);
    }
}
