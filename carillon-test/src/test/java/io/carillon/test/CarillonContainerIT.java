package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.worker.CarillonWorker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The extension on a Kafka container: skipped, with the reason, where Testcontainers finds no Docker engine. */
class CarillonContainerIT {

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.withKafkaContainer();

    static CarillonWorker worker;

    @BeforeAll
    static void startWorker() {
        worker = CarillonWorker.builder()
                .bootstrapServers(carillon.bootstrapServers())
                .catalog(carillon.catalog())
                .app("shop")
                .handler("greet", context -> "hello " + context.params())
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        if (worker != null) {
            worker.close();
        }
    }

    @Test
    void runsAJobOnAWorkerAgainstAKafkaContainer() {
        RunResult result = carillon.run(JobDefinition.builder("greeting")
                .app("shop")
                .handler("greet")
                .params("ann")
                .build());

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).isEqualTo("hello ann");
    }
}
