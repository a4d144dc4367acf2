package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.analytics.app.AnalyticsApplication;
import io.carillon.analytics.spring.AnalyticsProperties;
import io.carillon.dispatcher.app.DispatcherApplication;
import io.carillon.dispatcher.spring.DispatcherProperties;
import io.carillon.planner.app.PlannerApplication;
import io.carillon.planner.spring.PlannerProperties;
import io.carillon.topics.spring.CarillonProperties;
import io.carillon.worker.spring.CarillonWorkerProperties;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml cannot run here (no Docker engine), so this checks what can be checked: every Carillon service
 * runs a jar this build produces, and every environment variable it sets is one the jar actually reads, with the
 * value arriving where it should.
 */
class DockerComposeTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String READINESS = "/actuator/health/readiness";
    private static final List<String> BROKERS = List.of("kafka-1", "kafka-2", "kafka-3");
    private static Map<String, Map<String, Object>> services;
    private static Map<String, Object> namedVolumes;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void readCompose() throws IOException {
        try (Reader reader = Files.newBufferedReader(ROOT.resolve("docker-compose.yml"))) {
            Map<String, Object> compose = new Yaml().load(reader);
            services = (Map<String, Map<String, Object>>) compose.get("services");
            namedVolumes = (Map<String, Object>) compose.get("volumes");
        }
    }

    @Test
    void postgresTheBrokersAndThePlannersKeepTheirDataInNamedVolumes() {
        for (String broker : BROKERS) {
            String logDirs =
                    environment(services.get(broker)).get("KAFKA_LOG_DIRS").toString();
            assertThat(volumes(services.get(broker))).as(broker).contains(broker + "-data:" + logDirs);
        }
        assertThat(volumes(services.get("postgres"))).contains("postgres-data:/var/lib/postgresql/data");
        assertThat(volumes(services.get("planner-1"))).contains("planner-1-state:/var/lib/carillon");
        assertThat(volumes(services.get("analytics"))).contains("analytics-state:/var/lib/carillon");
        assertThat(namedVolumes)
                .containsOnlyKeys(
                        "kafka-1-data",
                        "kafka-2-data",
                        "kafka-3-data",
                        "postgres-data",
                        "planner-1-state",
                        "planner-2-state",
                        "analytics-state");
    }

    @Test
    void everyServerHasAHealthCheckOnItsOwnProbe() {
        for (String broker : BROKERS) {
            assertThat(healthCheck(broker)).contains("kafka-broker-api-versions.sh", "localhost:9092");
        }
        assertThat(healthCheck("postgres")).contains("pg_isready", "carillon");
        Map<String, Integer> ports = Map.of(
                "planner-1",
                PlannerApplication.DEFAULT_PORT,
                "planner-2",
                PlannerApplication.DEFAULT_PORT,
                "dispatcher-1",
                DispatcherApplication.DEFAULT_PORT,
                "dispatcher-2",
                DispatcherApplication.DEFAULT_PORT,
                "analytics",
                AnalyticsApplication.DEFAULT_PORT,
                "console",
                8080);
        ports.forEach((service, port) -> assertThat(healthCheck(service))
                .as(service)
                .contains("/dev/tcp/localhost/" + port + " ", "GET " + READINESS + " ", "' 200 '"));
    }

    @Test
    void carillonServicesStartOnHealthyDependenciesAndHaveTimeToStop() {
        Duration workerGrace = new CarillonWorkerProperties().getShutdownGrace();
        for (var service : carillonServices().entrySet()) {
            Map<String, Object> dependsOn = dependsOn(service.getValue());
            List<String> needed = new ArrayList<>(BROKERS);
            if (service.getKey().equals("console")) {
                needed.add("postgres");
            }
            assertThat(dependsOn).as(service.getKey()).containsOnlyKeys(needed);
            assertThat(dependsOn.values())
                    .as(service.getKey())
                    .allMatch(
                            condition -> Map.of("condition", "service_healthy").equals(condition));
            Duration grace = Duration.parse("PT"
                    + service.getValue().get("stop_grace_period").toString().toUpperCase(Locale.ROOT));
            assertThat(grace).as("%s stop_grace_period", service.getKey()).isGreaterThan(workerGrace);
        }
    }

    @Test
    void hasTheProductionShape() {
        assertThat(services.keySet())
                .contains(
                        "kafka-1",
                        "kafka-2",
                        "kafka-3",
                        "postgres",
                        "planner-1",
                        "planner-2",
                        "dispatcher-1",
                        "dispatcher-2",
                        "analytics",
                        "console",
                        "worker-1",
                        "worker-2");
        assertThat(services.get("kafka-1").get("image").toString()).startsWith("apache/kafka:");
        assertThat(services.get("postgres").get("image").toString()).startsWith("postgres:");
    }

    @Test
    void eachCarillonServiceRunsAJarThisBuildProduces() throws IOException {
        for (var service : carillonServices().entrySet()) {
            String jarMount = volumes(service.getValue()).stream()
                    .filter(volume -> volume.endsWith(":/app/app.jar:ro"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(service.getKey() + " mounts no /app/app.jar"));
            Path jar = ROOT.resolve(jarMount.substring(0, jarMount.indexOf(':')));
            Path module = jar.getParent().getParent();
            String pom = Files.readString(module.resolve("pom.xml"));
            String jarName = jar.getFileName().toString().replace(".jar", "");
            assertThat(pom)
                    .as("%s runs %s", service.getKey(), jar)
                    .contains("<artifactId>" + jarName + "</artifactId>")
                    .contains("<artifactId>spring-boot-maven-plugin</artifactId>")
                    .contains("<artifactId>maven-antrun-plugin</artifactId>");
            assertThat(service.getValue().get("image")).isEqualTo("eclipse-temurin:17-jre");
        }
    }

    @Test
    void everyCarillonVariableIsReadByTheJarWithItsValue() {
        for (var service : carillonServices().entrySet()) {
            String name = service.getKey();
            Map<String, Object> env = environment(service.getValue());
            Binder binder = binderOver(env);
            var kafka = bindStrictly(binder, "carillon.kafka", CarillonProperties.Kafka.class);
            var topics = bindStrictly(binder, "carillon.topics", CarillonProperties.Topics.class);
            assertThat(kafka.getBootstrapServers()).isEqualTo(env.get("CARILLON_KAFKA_BOOTSTRAPSERVERS"));
            assertThat(topics.getReplicationFactor()).isEqualTo((short) 3);
            assertThat(topics.getPartitions()).isEqualTo(12);

            List<String> allowed = new ArrayList<>(List.of("CARILLON_KAFKA_", "CARILLON_TOPICS_"));
            if (name.startsWith("planner")) {
                PlannerProperties planner = bindStrictly(binder, "carillon.planner", PlannerProperties.class);
                assertThat(planner.getStateDir().toString()).isEqualTo(env.get("CARILLON_PLANNER_STATEDIR"));
                assertThat(planner.getStandbyReplicas()).isEqualTo(1);
                allowed.add("CARILLON_PLANNER_");
            } else if (name.startsWith("dispatcher")) {
                DispatcherProperties dispatcher =
                        bindStrictly(binder, "carillon.dispatcher", DispatcherProperties.class);
                assertThat(dispatcher.getInstanceId()).isEqualTo(name);
                assertThat(dispatcher.getSessionTimeout()).isEqualTo(Duration.ofSeconds(3));
                assertThat(Duration.ofMillis(Long.parseLong(environment(services.get("kafka-1"))
                                .get("KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS")
                                .toString())))
                        .isLessThanOrEqualTo(dispatcher.getSessionTimeout());
                allowed.add("CARILLON_DISPATCHER_");
            } else if (name.equals("analytics")) {
                AnalyticsProperties analytics = bindStrictly(binder, "carillon.analytics", AnalyticsProperties.class);
                assertThat(analytics.getStateDir().toString()).isEqualTo(env.get("CARILLON_ANALYTICS_STATEDIR"));
                allowed.add("CARILLON_ANALYTICS_");
            } else if (name.startsWith("worker")) {
                CarillonWorkerProperties worker =
                        bindStrictly(binder, "carillon.worker", CarillonWorkerProperties.class);
                assertThat(worker.getApp()).isEqualTo("demo");
                assertThat(worker.getInstanceId()).isEqualTo(name);
                allowed.add("CARILLON_WORKER_");
            } else if (name.equals("console")) {
                assertThat(binder.bind("spring.datasource.url", String.class).get())
                        .isEqualTo("jdbc:postgresql://postgres:5432/carillon");
                assertThat(binder.bind("spring.datasource.username", String.class)
                                .get())
                        .isEqualTo("carillon");
                assertThat(binder.bind("server.port", Integer.class).get()).isEqualTo(8080);
                allowed.addAll(List.of(
                        "SPRING_DATASOURCE_URL",
                        "SPRING_DATASOURCE_USERNAME",
                        "SPRING_DATASOURCE_PASSWORD",
                        "SERVER_PORT",
                        "CARILLON_ADMIN_PASSWORD"));
            }
            assertThat(env.keySet())
                    .as("variables of %s", name)
                    .allMatch(key -> allowed.stream().anyMatch(key::startsWith));
        }
    }

    private static Map<String, Map<String, Object>> carillonServices() {
        Map<String, Map<String, Object>> carillon = new LinkedHashMap<>();
        services.forEach((name, service) -> {
            if (!BROKERS.contains(name) && !name.equals("postgres")) {
                carillon.put(name, service);
            }
        });
        return carillon;
    }

    private static String healthCheck(String service) {
        Object check = services.get(service).get("healthcheck");
        assertThat(check).as("%s has a healthcheck", service).isInstanceOf(Map.class);
        return ((Map<?, ?>) check).get("test").toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> dependsOn(Map<String, Object> service) {
        Object dependsOn = service.get("depends_on");
        assertThat(dependsOn).as("depends_on with conditions").isInstanceOf(Map.class);
        return (Map<String, Object>) dependsOn;
    }

    @SuppressWarnings("unchecked")
    private static List<String> volumes(Map<String, Object> service) {
        return (List<String>) service.getOrDefault("volumes", List.of());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(Map<String, Object> service) {
        Map<String, Object> env = new LinkedHashMap<>();
        ((Map<String, Object>) service.get("environment")).forEach((key, value) -> env.put(key, String.valueOf(value)));
        return env;
    }

    private static Binder binderOver(Map<String, Object> env) {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .addFirst(new SystemEnvironmentPropertySource(
                        "compose-" + StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, env));
        return new Binder(ConfigurationPropertySources.get(environment));
    }

    /** Binds {@code prefix}, failing on any variable under it that no property of {@code type} takes. */
    private static <T> T bindStrictly(Binder binder, String prefix, Class<T> type) {
        return binder.bind(prefix, Bindable.of(type), new NoUnboundElementsBindHandler(BindHandler.DEFAULT))
                .orElseGet(() -> newInstance(type));
    }

    private static <T> T newInstance(Class<T> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
