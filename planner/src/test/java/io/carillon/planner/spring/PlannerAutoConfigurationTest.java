package io.carillon.planner.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.carillon.planner.Planner;
import io.carillon.testkit.ClientConfigRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;

class PlannerAutoConfigurationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path stateDir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class,
                    PlannerAutoConfiguration.class));

    @Test
    void startsAPlannerWithTheContextAndClosesItWithTheContext() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        AtomicReference<Planner> started = new AtomicReference<>();

        runner.withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + id + ".",
                        "carillon.topics.partitions=1",
                        "carillon.planner.application-id=planner-" + id,
                        "carillon.planner.state-dir=" + stateDir,
                        "carillon.planner.horizon=5s",
                        "carillon.planner.punctuate-interval=250ms",
                        "carillon.planner.run-timeout-grace=45s",
                        "carillon.planner.open-run-check-interval=2s")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(Planner.class);
                    PlannerProperties properties = context.getBean(PlannerProperties.class);
                    assertThat(properties.getHorizon()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(250));
                    assertThat(properties.getRunTimeoutGrace()).isEqualTo(Duration.ofSeconds(45));
                    assertThat(properties.getOpenRunCheckInterval()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(properties.getStandbyReplicas()).isZero();
                    Planner planner = context.getBean(Planner.class);
                    started.set(planner);
                    await().atMost(DEADLINE).until(planner::isRunning);
                });

        assertThat(started.get().isRunning()).isFalse();
    }

    @Test
    void kafkaPropertiesReachTheTopicCheckAndKafkaStreams() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        String marker = ClientConfigRecorder.newMarker();
        runner.withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + id + ".",
                        "carillon.topics.partitions=1",
                        "carillon.planner.state-dir=" + stateDir)
                .withPropertyValues(ClientConfigRecorder.carillonProperties(marker).toArray(String[]::new))
                .run(context -> {
                    Planner planner = context.getBean(Planner.class);
                    await().atMost(DEADLINE).until(planner::isRunning);
                    List<Map<String, Object>> configs = ClientConfigRecorder.configs(marker);
                    assertThat(configs).as("the topic check's admin client and Kafka Streams").hasSizeGreaterThan(1)
                            .allSatisfy(config -> assertThat(config).containsEntry("reconnect.backoff.ms", "123"));
                    assertThat(configs).anySatisfy(config -> assertThat(config)
                            .containsEntry("application.id", id + ".planner")
                            .containsEntry("processing.guarantee", "exactly_once_v2"));
                });
    }

    @Test
    void aProtectedStreamsPropertyStopsTheStartNamingIt() {
        runner.withPropertyValues("carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.initialize=false",
                        "carillon.planner.streams.processing.guarantee=at_least_once")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("carillon.planner.streams.processing.guarantee cannot be set"));
    }

    @Test
    void hasDocumentedDefaults() {
        PlannerProperties properties = new PlannerProperties();

        assertThat(properties.isEnabled()).isTrue();
        assertThat(properties.getApplicationId()).isNull();
        assertThat(properties.getStateDir())
                .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "carillon-planner"));
        assertThat(properties.getHorizon()).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.getRunTimeoutGrace()).isEqualTo(Duration.ofSeconds(30));
        assertThat(properties.getOpenRunCheckInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(properties.getStandbyReplicas()).isZero();
    }

    @Test
    void backsOffWhenDisabled() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(PlannerAutoConfiguration.class))
                .withPropertyValues("carillon.planner.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(Planner.class)
                        .doesNotHaveBean(PlannerLifecycle.class));
    }

    @Test
    void backsOffForTheApplicationsOwnPlanner() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        Planner own = Planner.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .applicationId("own-" + catalog.prefix())
                .stateDir(stateDir)
                .build();

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(PlannerAutoConfiguration.class))
                .withBean(Planner.class, () -> own)
                .run(context -> {
                    assertThat(context).hasNotFailed().getBean(Planner.class).isSameAs(own);
                    assertThat(context).hasSingleBean(PlannerLifecycle.class);
                });

        assertThat(own.isRunning()).isFalse();
    }
}
