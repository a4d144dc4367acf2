package io.carillon.dispatcher.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.testkit.ClientConfigRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class DispatcherAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, DispatcherAutoConfiguration.class))
            .withPropertyValues(
                    "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                    "carillon.topics.prefix=s" + UUID.randomUUID().toString().substring(0, 8) + ".",
                    "carillon.topics.partitions=1");

    @Test
    void startsTheDispatcherWithTheContextAndClosesItWithIt() {
        AtomicReference<Dispatcher> started = new AtomicReference<>();
        runner.withPropertyValues(
                        "carillon.dispatcher.group-id=spring-test",
                        "carillon.dispatcher.max-poll-wait=15ms",
                        "carillon.dispatcher.timer-tick=2ms")
                .run(context -> {
                    assertThat(context).hasSingleBean(Dispatcher.class).hasSingleBean(DispatcherLifecycle.class);
                    DispatcherProperties properties = context.getBean(DispatcherProperties.class);
                    assertThat(properties.getGroupId()).isEqualTo("spring-test");
                    assertThat(properties.getMaxPollWait()).isEqualTo(Duration.ofMillis(15));
                    assertThat(properties.getTimerTick()).isEqualTo(Duration.ofMillis(2));
                    assertThat(properties.getTransactionTimeout()).isEqualTo(Dispatcher.DEFAULT_TRANSACTION_TIMEOUT);
                    Dispatcher dispatcher = context.getBean(Dispatcher.class);
                    started.set(dispatcher);
                    assertThat(dispatcher.isRunning()).isTrue();
                    await().atMost(Duration.ofSeconds(20))
                            .until(() -> dispatcher.stats().assignedPartitions() == 1);
                });
        assertThat(started.get().isRunning()).isFalse();
    }

    @Test
    void kafkaPropertiesReachEveryClientOfTheDispatcher() {
        String marker = ClientConfigRecorder.newMarker();
        runner.withPropertyValues(
                        ClientConfigRecorder.carillonProperties(marker).toArray(String[]::new))
                .run(context -> {
                    Dispatcher dispatcher = context.getBean(Dispatcher.class);
                    await().atMost(Duration.ofSeconds(20))
                            .until(() -> dispatcher.stats().assignedPartitions() == 1);
                    String id = dispatcher.transactionalId();
                    List<Map<String, Object>> configs = ClientConfigRecorder.configs(marker);
                    assertThat(configs)
                            .allSatisfy(config -> assertThat(config).containsEntry("reconnect.backoff.ms", "123"));
                    assertThat(configs)
                            .extracting(config -> config.get("client.id"))
                            .contains(id, id + "-fires", id + "-workers", id + "-results", id + "-admin");
                });
    }

    @Test
    void anInstanceIdAndASessionTimeoutReachTheFiresConsumer() {
        String marker = ClientConfigRecorder.newMarker();
        runner.withPropertyValues(
                        ClientConfigRecorder.carillonProperties(marker).toArray(String[]::new))
                .withPropertyValues(
                        "carillon.dispatcher.instance-id=dispatcher-7", "carillon.dispatcher.session-timeout=3s")
                .run(context -> {
                    Dispatcher dispatcher = context.getBean(Dispatcher.class);
                    await().atMost(Duration.ofSeconds(20))
                            .until(() -> dispatcher.stats().assignedPartitions() == 1);
                    assertThat(dispatcher.transactionalId()).isEqualTo("carillon-dispatcher-dispatcher-7");
                    assertThat(ClientConfigRecorder.configs(marker))
                            .filteredOn(config -> config.containsKey("group.id"))
                            .singleElement()
                            .satisfies(config -> assertThat(config)
                                    .containsEntry("group.instance.id", "dispatcher-7")
                                    .containsEntry("session.timeout.ms", 3000)
                                    .containsEntry("heartbeat.interval.ms", 500));
                });
    }

    @Test
    void aProtectedPropertyStopsTheStartNamingIt() {
        runner.withPropertyValues("carillon.kafka.properties.transactional.id=mine")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageStartingWith("carillon.kafka.properties.transactional.id cannot be set"));
    }

    @Test
    void registersItsMetersInTheContextsMeterRegistry() {
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
            assertThat(context).hasSingleBean(Dispatcher.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.find("carillon.dispatch.held.fires").gauge()).isNotNull();
            assertThat(registry.find("carillon.dispatch.assigned.partitions").gauge())
                    .isNotNull();
            assertThat(registry.find("carillon.dispatch.transactions").counter())
                    .isNotNull();
        });
    }

    @Test
    void startsWithoutAMeterRegistry() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Dispatcher.class).doesNotHaveBean(MeterRegistry.class);
            assertThat(context.getBean(Dispatcher.class).stats().heldFires()).isZero();
        });
    }

    @Test
    void canBeSwitchedOff() {
        runner.withPropertyValues("carillon.dispatcher.enabled=false")
                .run(context -> assertThat(context)
                        .doesNotHaveBean(Dispatcher.class)
                        .doesNotHaveBean(DispatcherLifecycle.class));
    }

    @Test
    void backsOffForAnApplicationsOwnDispatcher() {
        runner.withUserConfiguration(OwnDispatcher.class).run(context -> {
            assertThat(context).hasSingleBean(Dispatcher.class);
            assertThat(context.getBean(Dispatcher.class).transactionalId()).startsWith("own-");
        });
    }

    @Test
    void propertyDefaultsAreTheBuildersDefaults() {
        DispatcherProperties defaults = new DispatcherProperties();
        assertThat(defaults.isEnabled()).isTrue();
        assertThat(defaults.getGroupId()).isNull();
        assertThat(defaults.getTransactionalIdPrefix()).isEqualTo(Dispatcher.DEFAULT_TRANSACTIONAL_ID_PREFIX);
        assertThat(defaults.getMaxPollWait()).isEqualTo(Dispatcher.DEFAULT_MAX_POLL_WAIT);
        assertThat(defaults.getTransactionTimeout()).isEqualTo(Dispatcher.DEFAULT_TRANSACTION_TIMEOUT);
        assertThat(defaults.getCloseTimeout()).isEqualTo(Dispatcher.DEFAULT_CLOSE_TIMEOUT);
        assertThat(defaults.getOffsetMetadataMaxBytes()).isEqualTo(Dispatcher.DEFAULT_OFFSET_METADATA_MAX_BYTES);
        assertThat(defaults.getTimerTick()).isEqualTo(Dispatcher.DEFAULT_TIMER_TICK);
        assertThat(defaults.getTriggerLead()).isEqualTo(Dispatcher.DEFAULT_TRIGGER_LEAD);
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnDispatcher {
        @Bean
        Dispatcher ownDispatcher(TopicCatalog catalog) {
            return Dispatcher.builder()
                    .bootstrapServers(TestKafka.bootstrapServers())
                    .catalog(catalog)
                    .transactionalIdPrefix("own-")
                    .build();
        }
    }
}
