package io.carillon.examples.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.test.CarillonExtension;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The demo worker on Carillon over a Kafka container; skipped where Testcontainers finds no Docker engine. */
@SpringBootTest(classes = DemoWorkerApplication.class, properties = "carillon.worker.app=demo")
@DirtiesContext
class DemoWorkerContainerIT {

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.withKafkaContainer();

    @DynamicPropertySource
    static void carillon(DynamicPropertyRegistry registry) {
        carillon.properties(registry::add);
    }

    @Test
    void echoSucceedsWithItsParams() {
        RunResult result = carillon.run(JobDefinition.builder("demo-echo")
                .app("demo")
                .handler("echo")
                .params("hello")
                .build());

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).isEqualTo("hello");
    }
}
