package io.carillon.standalone;

import io.carillon.examples.demo.DemoHandlers;
import io.carillon.standalone.internal.DemoJobsSeeder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the standalone process adds to the console: the demo worker's handlers and, with --demo, demo jobs. */
@Configuration(proxyBeanMethods = false)
public class StandaloneConfiguration {

    @Bean
    DemoHandlers demoHandlers() {
        return new DemoHandlers();
    }

    @Bean
    @ConditionalOnProperty(name = "carillon.standalone.demo", havingValue = "true")
    DemoJobsSeeder demoJobsSeeder() {
        return new DemoJobsSeeder();
    }
}
