package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.TopicCatalog;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DispatcherBuilderTest {

    private static final String UNREACHABLE = "localhost:1";

    @Test
    void requiresBootstrapServersAndCatalog() {
        assertThatThrownBy(() ->
                        Dispatcher.builder().catalog(TopicCatalog.defaults()).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bootstrapServers");
        assertThatThrownBy(
                        () -> Dispatcher.builder().bootstrapServers(UNREACHABLE).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("catalog");
    }

    @Test
    void rejectsBadSettingsNamingThem() {
        assertThatThrownBy(() -> valid().maxPollWait(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxPollWait");
        assertThatThrownBy(
                        () -> valid().transactionTimeout(Duration.ofSeconds(-1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("transactionTimeout");
        assertThatThrownBy(() -> valid().groupId(" ").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("groupId");
        assertThatThrownBy(() -> valid().offsetMetadataMaxBytes(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("offsetMetadataMaxBytes");
        assertThatThrownBy(() -> valid().timerTick(Duration.ofNanos(999_999)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timerTick");
        assertThatThrownBy(() -> valid().triggerLead(Duration.ofMillis(-1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("triggerLead");
        assertThatThrownBy(() -> valid().sessionTimeout(Duration.ofMillis(999)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sessionTimeout");
        assertThatThrownBy(() -> valid().instanceId("pod 1").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instanceId")
                .hasMessageContaining("'pod 1'");
        assertThatThrownBy(() -> valid().instanceId("").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instanceId");
        assertThatThrownBy(() -> valid().instanceId("d".repeat(201)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instanceId");
    }

    @Test
    void refusesTheKafkaSettingsItsGuaranteesRestOnNamingThem() {
        assertThatThrownBy(
                        () -> valid().clientProperties(Map.of("sasl.mechanism", "PLAIN", "enable.auto.commit", "true")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("clientProperties.enable.auto.commit cannot be set");
        assertThatThrownBy(() -> valid().clientProperty("isolation.level", "read_uncommitted"))
                .hasMessageStartingWith("clientProperty.isolation.level cannot be set");
        assertThat(valid().clientProperties(Map.of("sasl.mechanism", "PLAIN"))
                        .build()
                        .isRunning())
                .isFalse();
    }

    @Test
    void eachInstanceHasItsOwnTransactionalId() {
        Dispatcher first = valid().transactionalIdPrefix("disp-").build();
        Dispatcher second = valid().transactionalIdPrefix("disp-").build();

        assertThat(first.transactionalId()).startsWith("disp-").isNotEqualTo(second.transactionalId());
    }

    @Test
    void anInstanceWithAnInstanceIdKeepsOneTransactionalIdAcrossRestarts() {
        Dispatcher first = valid().transactionalIdPrefix("disp-")
                .instanceId("dispatcher-1.eu_west")
                .build();
        Dispatcher restarted = valid().transactionalIdPrefix("disp-")
                .instanceId("dispatcher-1.eu_west")
                .build();

        assertThat(first.transactionalId())
                .isEqualTo("disp-dispatcher-1.eu_west")
                .isEqualTo(restarted.transactionalId());
    }

    @Test
    void startsOnceAndClosesEvenWhenTheBrokerIsUnreachable() {
        Dispatcher dispatcher = valid().closeTimeout(Duration.ofMillis(500)).build();
        dispatcher.start();
        assertThat(dispatcher.isRunning()).isTrue();
        assertThatThrownBy(dispatcher::start).isInstanceOf(IllegalStateException.class);

        dispatcher.close();

        await().atMost(Duration.ofSeconds(10)).until(() -> !dispatcher.isRunning());
        assertThatThrownBy(dispatcher::start).isInstanceOf(IllegalStateException.class);
        dispatcher.close();
    }

    @Test
    void closeBeforeStartIsAllowed() {
        Dispatcher dispatcher = valid().build();
        dispatcher.close();
        assertThat(dispatcher.isRunning()).isFalse();
        assertThat(dispatcher.stats().heldFires()).isZero();
    }

    private static Dispatcher.Builder valid() {
        return Dispatcher.builder().bootstrapServers(UNREACHABLE).catalog(TopicCatalog.defaults());
    }
}
