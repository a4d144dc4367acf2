package io.carillon.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.TopicCatalog;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CarillonWorkerBuilderTest {

    private CarillonWorker.Builder valid() {
        return CarillonWorker.builder()
                .bootstrapServers("localhost:9092")
                .catalog(TopicCatalog.defaults())
                .app("billing");
    }

    @Test
    void defaults() {
        CarillonWorker worker = valid().handler("echo", context -> null).build();
        assertThat(worker.capacity()).isEqualTo(16);
        assertThat(worker.instanceId()).endsWith("-" + ProcessHandle.current().pid());
        assertThat(worker.handlerNames()).containsExactly("echo");
        assertThat(worker.isRunning()).isFalse();
    }

    @Test
    void requiresBootstrapServers() {
        assertThatThrownBy(() -> valid().bootstrapServers(" ").build())
                .hasMessageContaining("bootstrapServers is required");
    }

    @Test
    void requiresAValidAppName() {
        assertThatThrownBy(() -> valid().app("Billing App").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("app name 'Billing App' is not valid");
    }

    @Test
    void rejectsAHandlerNameTwice() {
        assertThatThrownBy(() -> valid().handler("echo", context -> null).handler("echo", context -> null))
                .hasMessageContaining("handler 'echo' is registered twice");
    }

    @Test
    void rejectsBadNumbers() {
        assertThatThrownBy(() -> valid().capacity(0).build()).hasMessageContaining("capacity must be at least 1");
        assertThatThrownBy(() -> valid().heartbeatInterval(Duration.ZERO).build())
                .hasMessageContaining("heartbeatInterval must be positive");
        assertThatThrownBy(() -> valid().shutdownGrace(Duration.ofSeconds(-1)).build())
                .hasMessageContaining("shutdownGrace must be zero or positive");
    }

    @Test
    void refusesTheKafkaSettingsTheWorkerDependsOnNamingThem() {
        assertThatThrownBy(() -> valid().clientProperties(
                                Map.of("security.protocol", "SASL_SSL", "isolation.level", "read_uncommitted")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("clientProperties.isolation.level cannot be set");
        assertThatThrownBy(() -> valid().kafkaProperty("group.id", "other"))
                .hasMessageStartingWith("kafkaProperty.group.id cannot be set");
        assertThat(valid().clientProperties(Map.of("security.protocol", "SASL_SSL"))
                        .build()
                        .app())
                .isEqualTo("billing");
    }

    @Test
    void closingAWorkerThatNeverStartedIsAllowedButItCannotStartAfterwards() {
        CarillonWorker worker = valid().build();
        worker.close();
        assertThatThrownBy(worker::start).hasMessageContaining("already closed");
    }
}
