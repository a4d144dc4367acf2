package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.worker.CarillonWorker;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The extension's own test: a plain {@link CarillonWorker} of app {@code shop} on the extension's Carillon. */
class CarillonExtensionIT {

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(Duration.ofSeconds(45));

    static CarillonWorker worker;

    @BeforeAll
    static void startWorker() {
        worker = CarillonWorker.builder()
                .bootstrapServers(carillon.bootstrapServers())
                .catalog(carillon.catalog())
                .app("shop")
                .handler("greet", context -> "hello " + context.params())
                .handler("refuse", context -> {
                    throw new IllegalStateException("refused " + context.params());
                })
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        worker.close();
    }

    @Test
    void runsAJobOnAWorkerAndReturnsItsResult() {
        RunResult result = carillon.run(job("greeting", "greet").params("ann").build());

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).isEqualTo("hello ann");
        assertThat(result.jobId()).isEqualTo("greeting");
        assertThat(result.app()).isEqualTo("shop");
    }

    @Test
    void runsAReplacedJobWithParamsOfTheRun() {
        carillon.run(job("again", "greet").params("first").build());

        RunResult result =
                carillon.run(job("again", "greet").description("replaced").build(), "second");

        assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(result.message()).isEqualTo("hello second");
    }

    @Test
    void reportsAFailureWithTheExceptionsMessage() {
        RunResult result = carillon.run(job("refusal", "refuse").params("bob").build());

        assertThat(result.status()).isEqualTo(RunStatus.FAILED);
        assertThat(result.message()).contains("refused bob");
    }

    @Test
    void failsClearlyWhenNoWorkerOffersTheHandler() {
        assertThatThrownBy(
                        () -> carillon.run(job("nobody", "greet").app("other").build(), null, Duration.ofMillis(500)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("no live worker of app 'other' with handler 'greet' within PT0.5S");
    }

    private static JobDefinition.Builder job(String id, String handler) {
        return JobDefinition.builder(id).app("shop").handler(handler);
    }
}
