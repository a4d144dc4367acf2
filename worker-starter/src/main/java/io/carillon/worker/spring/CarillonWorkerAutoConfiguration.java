package io.carillon.worker.spring;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.topics.spring.CarillonTopics;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * A Carillon worker in a Spring service: active when {@code carillon.worker.app} is set or
 * {@code carillon.worker.enabled=true}, and off when {@code carillon.worker.enabled=false}. It runs the
 * {@link io.carillon.worker.JobHandler @JobHandler} methods of the context's beans, with the topics, the Kafka
 * client properties ({@code carillon.kafka.properties.*}) and the {@link Clock} of
 * {@link CarillonCoreAutoConfiguration}, and publishes what the app declares at its start: jobs ({@code @DeclaredJob}
 * and {@code carillon.worker.jobs.*}), workflows, calendars and concurrency limits ({@code carillon.worker.workflows.*},
 * {@code carillon.worker.calendars.*}, {@code carillon.worker.limits.*} and beans of their definition types).
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@Conditional(CarillonWorkerAutoConfiguration.WorkerWanted.class)
@EnableConfigurationProperties(CarillonWorkerProperties.class)
public final class CarillonWorkerAutoConfiguration {

    private static final String APP_PROPERTY = "carillon.worker.app";
    private static final String APPLICATION_VERSION_PROPERTY = "spring.application.version";
    /** The version of an app whose version is known nowhere: any known version is newer. */
    static final String UNKNOWN_APP_VERSION = "0";

    @Bean
    @ConditionalOnMissingBean
    CarillonWorkerLifecycle carillonWorker(
            CarillonTopics topics,
            Clock clock,
            CarillonWorkerProperties properties,
            ObjectProvider<CarillonWorkerCustomizer> customizers,
            ObjectProvider<BuildProperties> buildProperties,
            Environment environment) {
        String app = requireApp(properties);
        CarillonWorker.Builder builder = CarillonWorker.builder()
                .bootstrapServers(requireBootstrapServers(topics))
                .clientProperties(topics.clientProperties().asMap())
                .catalog(topics.catalog())
                .clock(clock)
                .app(app)
                .instanceId(properties.getInstanceId())
                .capacity(properties.getCapacity())
                .maxEarlyRuns(properties.getMaxEarlyRuns())
                .heartbeatInterval(properties.getHeartbeatInterval())
                .shutdownGrace(properties.getShutdownGrace());
        validate(builder);
        CarillonWorkerLifecycle.Declarations declarations = new CarillonWorkerLifecycle.Declarations(
                app,
                appVersion(properties, buildProperties.getIfAvailable(), environment),
                properties.getJobs(),
                environment,
                properties.getWorkflows(),
                properties.getCalendars(),
                properties.getLimits());
        return new CarillonWorkerLifecycle(
                builder, customizers.orderedStream().toList(), properties.isAutoStartup(), declarations);
    }

    /** {@code carillon.worker.app-version}, else the build-info version, else spring.application.version, else "0". */
    static String appVersion(CarillonWorkerProperties properties, BuildProperties build, Environment environment) {
        if (hasText(properties.getAppVersion())) {
            return properties.getAppVersion().trim();
        }
        if (build != null && hasText(build.getVersion())) {
            return build.getVersion();
        }
        String applicationVersion = environment.getProperty(APPLICATION_VERSION_PROPERTY);
        return hasText(applicationVersion) ? applicationVersion.trim() : UNKNOWN_APP_VERSION;
    }

    private static boolean hasText(String text) {
        return text != null && !text.isBlank();
    }

    private static void validate(CarillonWorker.Builder builder) {
        try {
            builder.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("invalid carillon.worker settings: " + e.getMessage());
        }
    }

    private static String requireBootstrapServers(CarillonTopics topics) {
        String servers = topics.bootstrapServers();
        if (servers == null || servers.isBlank()) {
            throw new InvalidConfigurationPropertyValueException(
                    "carillon.kafka.bootstrap-servers",
                    servers,
                    "The worker needs Kafka: set carillon.kafka.bootstrap-servers to host:port pairs,"
                            + " for example localhost:9092.");
        }
        return servers;
    }

    private static String requireApp(CarillonWorkerProperties properties) {
        String app = properties.getApp();
        if (app == null || app.isBlank()) {
            throw new IllegalStateException("the Carillon worker is enabled but " + APP_PROPERTY
                    + " is not set: set " + APP_PROPERTY + " to the name of this service's worker app (the 'app' of"
                    + " its jobs), or remove carillon.worker.enabled to run no worker");
        }
        if (!TopicCatalog.isValidAppName(app)) {
            throw new InvalidConfigurationPropertyValueException(
                    APP_PROPERTY,
                    app,
                    "'" + app
                            + "' cannot be part of a topic name: set " + APP_PROPERTY
                            + " to 1 to 100 characters of a-z,"
                            + " 0-9, '.', '_' or '-', starting with a letter or digit" + suggestion(app) + ".");
        }
        return app;
    }

    private static String suggestion(String app) {
        String candidate =
                app.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[^a-z0-9]+", "");
        if (candidate.length() > 100) {
            candidate = candidate.substring(0, 100);
        }
        return TopicCatalog.isValidAppName(candidate) ? ", for example '" + candidate + "'" : "";
    }

    /**
     * A worker is wanted when {@code carillon.worker.enabled} says so, or, when that is not set, when
     * {@code carillon.worker.app} is set.
     */
    static final class WorkerWanted extends SpringBootCondition {

        private static final String ENABLED_PROPERTY = "carillon.worker.enabled";

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            ConditionMessage.Builder message = ConditionMessage.forCondition("Carillon worker");
            Environment environment = context.getEnvironment();
            Boolean enabled = environment.getProperty(ENABLED_PROPERTY, Boolean.class);
            if (enabled != null) {
                return new ConditionOutcome(enabled, message.because(ENABLED_PROPERTY + " is " + enabled));
            }
            boolean appSet = environment.containsProperty(APP_PROPERTY);
            return new ConditionOutcome(appSet, message.because(APP_PROPERTY + (appSet ? " is set" : " is not set")));
        }
    }
}
