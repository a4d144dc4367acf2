package io.carillon.analytics.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.carillon.analytics.Analytics;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;

class AnalyticsAutoConfigurationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path stateDir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class,
                    AnalyticsAutoConfiguration.class));

    @Test
    void startsTheAnalyticsAppWithTheContextAndClosesItWithTheContext() {
        String id = "t" + UUID.randomUUID().toString().substring(0, 8);
        AtomicReference<Analytics> started = new AtomicReference<>();

        runner.withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + id + ".",
                        "carillon.topics.partitions=1",
                        "carillon.analytics.application-id=analytics-" + id,
                        "carillon.analytics.state-dir=" + stateDir,
                        "carillon.analytics.punctuate-interval=250ms",
                        "carillon.analytics.window-grace=2s",
                        "carillon.analytics.app-window-delay=3s",
                        "carillon.analytics.results-from-start=true",
                        "carillon.analytics.alerting.consecutive=3",
                        "carillon.analytics.alerting.no-worker=false")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(Analytics.class);
                    AnalyticsProperties properties = context.getBean(AnalyticsProperties.class);
                    assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofMillis(250));
                    assertThat(properties.getWindowGrace()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(properties.getAppWindowDelay()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(properties.isResultsFromStart()).isTrue();
                    assertThat(properties.getAlerting())
                            .isEqualTo(new Alerting(null, 3, null, null, null, false, null,
                                    null, null, null, null, null, null, null, null));
                    assertThat(properties.getStandbyReplicas()).isZero();
                    Analytics analytics = context.getBean(Analytics.class);
                    started.set(analytics);
                    await().atMost(DEADLINE).until(analytics::isRunning);
                });

        assertThat(started.get().isRunning()).isFalse();
    }

    @Test
    void hasDocumentedDefaults() {
        AnalyticsProperties properties = new AnalyticsProperties();

        assertThat(properties.isEnabled()).isTrue();
        assertThat(properties.getApplicationId()).isNull();
        assertThat(properties.getStateDir())
                .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "carillon-analytics"));
        assertThat(properties.getPunctuateInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.getWindowGrace()).isEqualTo(Duration.ofSeconds(3));
        assertThat(properties.getAppWindowDelay()).isEqualTo(Duration.ofSeconds(2));
        assertThat(properties.isResultsFromStart()).isFalse();
        assertThat(properties.getAlerting()).isEqualTo(Alerting.unset());
        assertThat(properties.getStandbyReplicas()).isZero();
    }

    @Test
    void backsOffWhenDisabled() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AnalyticsAutoConfiguration.class))
                .withPropertyValues("carillon.analytics.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(Analytics.class)
                        .doesNotHaveBean(AnalyticsLifecycle.class));
    }

    @Test
    void backsOffForTheApplicationsOwnAnalyticsApp() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        Analytics own = Analytics.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .applicationId("own-" + catalog.prefix())
                .stateDir(stateDir)
                .build();

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AnalyticsAutoConfiguration.class))
                .withBean(Analytics.class, () -> own)
                .run(context -> {
                    assertThat(context).hasNotFailed().getBean(Analytics.class).isSameAs(own);
                    assertThat(context).hasSingleBean(AnalyticsLifecycle.class);
                });

        assertThat(own.isRunning()).isFalse();
    }
}
