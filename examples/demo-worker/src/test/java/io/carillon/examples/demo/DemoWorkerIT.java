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

/** The demo worker as its users run it (the Spring Boot application), on a real in-process Carillon. */
@SpringBootTest(classes = DemoWorkerApplication.class, properties = "carillon.worker.app=demo")
@DirtiesContext
class DemoWorkerIT {

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create();

    @DynamicPropertySource
    static void carillon(DynamicPropertyRegistry registry) {
        carillon.properties(registry::add);
    }

    @Test
    void echoSucceedsWithItsParams() {
        RunResult result = carillon.run(job("echo").params("hello").build());

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).isEqualTo("hello");
    }

    @Test
    void failFailsWithItsMessage() {
        RunResult result = carillon.run(job("fail").build(), "on purpose");

        assertThat(result.status()).isEqualTo(RunStatus.FAILED);
        assertThat(result.message()).contains("demo failure: on purpose");
    }

    @Test
    void theDailyReportDeclaredInCodeRuns() {
        RunResult result = carillon.run(job("daily-report").build());

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).startsWith("report for the day before ");
    }

    private static JobDefinition.Builder job(String handler) {
        return JobDefinition.builder("demo-" + handler).app("demo").handler(handler);
    }
}
