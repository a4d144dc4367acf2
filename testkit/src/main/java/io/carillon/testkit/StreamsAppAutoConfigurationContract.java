package io.carillon.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.streams.StreamsAppBuilder;
import io.carillon.streams.spring.StreamsAppProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the auto-configuration of every Carillon Kafka Streams app (the planner, the analytics app) does, as tests
 * that its test class inherits: it starts the app with the context on the real test broker and closes it with the
 * context, passes {@code carillon.kafka.properties.*} on, refuses a protected {@code carillon.<name>.streams.*}
 * property naming it, has the shared defaults, and backs off when disabled or when the application has its own app.
 * The subclass adds the app's own settings and tests. Needs {@code carillon-streams-app} and
 * {@code spring-boot-starter-test} on the test class path.
 *
 * @param <A> the app's type
 * @param <B> the app's builder
 */
public abstract class StreamsAppAutoConfigurationContract<A, B extends StreamsAppBuilder<B>> {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    protected Path stateDir;

    private final String name;
    private final Class<A> appType;
    private final Class<?> autoConfiguration;
    private final Class<?> lifecycleType;
    private final Predicate<A> isRunning;
    private final Supplier<? extends StreamsAppProperties> newProperties;
    private final Supplier<B> newBuilder;
    private final Function<B, A> build;

    /**
     * The contract of the app called {@code name} of type {@code appType}, configured by {@code autoConfiguration},
     * started by a bean of {@code lifecycleType}, processing when {@code isRunning} says so; {@code newProperties}
     * makes its properties with their defaults, {@code newBuilder} and {@code build} an app as the application
     * itself would.
     */
    protected StreamsAppAutoConfigurationContract(
            String name,
            Class<A> appType,
            Class<?> autoConfiguration,
            Class<?> lifecycleType,
            Predicate<A> isRunning,
            Supplier<? extends StreamsAppProperties> newProperties,
            Supplier<B> newBuilder,
            Function<B, A> build) {
        this.name = name;
        this.appType = appType;
        this.autoConfiguration = autoConfiguration;
        this.lifecycleType = lifecycleType;
        this.isRunning = isRunning;
        this.newProperties = newProperties;
        this.newBuilder = newBuilder;
        this.build = build;
    }

    /** Property values of the app's own settings (not their defaults), for the start test. */
    protected abstract List<String> ownSettings();

    /** Checks that {@link #ownSettings()} reached the app's properties in {@code context}. */
    protected abstract void assertOwnSettings(AssertableApplicationContext context);

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class, autoConfiguration));
    }

    private String property(String key, Object value) {
        return "carillon." + name + "." + key + "=" + value;
    }

    private static String newId() {
        return "t" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void startsTheAppWithTheContextAndClosesItWithTheContext() {
        String id = newId();
        AtomicReference<A> started = new AtomicReference<>();
        List<String> values = new ArrayList<>(List.of(
                "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                "carillon.topics.prefix=" + id + ".",
                "carillon.topics.partitions=1",
                property("application-id", name + "-" + id),
                property("state-dir", stateDir)));
        values.addAll(ownSettings());

        runner().withPropertyValues(values.toArray(String[]::new)).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(appType);
            assertOwnSettings(context);
            assertThat(context.getBean(StreamsAppProperties.class).getStandbyReplicas())
                    .isZero();
            A app = context.getBean(appType);
            started.set(app);
            await().atMost(DEADLINE).until(() -> isRunning.test(app));
        });

        assertThat(isRunning.test(started.get())).isFalse();
    }

    @Test
    void kafkaPropertiesReachTheTopicCheckAndKafkaStreams() {
        String id = newId();
        String marker = ClientConfigRecorder.newMarker();
        runner().withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.prefix=" + id + ".",
                        "carillon.topics.partitions=1",
                        property("state-dir", stateDir))
                .withPropertyValues(
                        ClientConfigRecorder.carillonProperties(marker).toArray(String[]::new))
                .run(context -> {
                    A app = context.getBean(appType);
                    await().atMost(DEADLINE).until(() -> isRunning.test(app));
                    List<Map<String, Object>> configs = ClientConfigRecorder.configs(marker);
                    assertThat(configs)
                            .as("the topic check's admin client and Kafka Streams")
                            .hasSizeGreaterThan(1)
                            .allSatisfy(config -> assertThat(config).containsEntry("reconnect.backoff.ms", "123"));
                    assertThat(configs)
                            .anySatisfy(config -> assertThat(config)
                                    .containsEntry("application.id", id + "." + name)
                                    .containsEntry("processing.guarantee", "exactly_once_v2"));
                });
    }

    @Test
    void aProtectedStreamsPropertyStopsTheStartNamingIt() {
        runner().withPropertyValues(
                        "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                        "carillon.topics.initialize=false",
                        property("streams.processing.guarantee", "at_least_once"))
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageStartingWith("carillon." + name + ".streams.processing.guarantee cannot be set"));
    }

    @Test
    void hasTheSharedDefaults() {
        StreamsAppProperties properties = newProperties.get();

        assertThat(properties.isEnabled()).isTrue();
        assertThat(properties.getApplicationId()).isNull();
        assertThat(properties.getStateDir())
                .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "carillon-" + name));
        assertThat(properties.getStandbyReplicas()).isZero();
        assertThat(properties.getStreams()).isEmpty();
    }

    @Test
    void backsOffWhenDisabled() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(autoConfiguration))
                .withPropertyValues(property("enabled", false))
                .run(context -> assertThat(context)
                        .hasNotFailed()
                        .doesNotHaveBean(appType)
                        .doesNotHaveBean(lifecycleType));
    }

    @Test
    void backsOffForTheApplicationsOwnApp() {
        TopicCatalog catalog = TestKafka.newCatalog(1);
        A own = build.apply(newBuilder
                .get()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .applicationId("own-" + catalog.prefix())
                .stateDir(stateDir));

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(autoConfiguration))
                .withBean(appType, () -> own)
                .run(context -> {
                    assertThat(context).hasNotFailed().getBean(appType).isSameAs(own);
                    assertThat(context).hasSingleBean(lifecycleType);
                });

        assertThat(isRunning.test(own)).isFalse();
    }
}
