package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.carillon.analytics.spring.AnalyticsAutoConfiguration;
import io.carillon.broker.KafkaBroker;
import io.carillon.broker.SaslScram;
import io.carillon.console.ConsoleApplication;
import io.carillon.dispatcher.spring.DispatcherAutoConfiguration;
import io.carillon.examples.demo.DemoHandlers;
import io.carillon.planner.spring.PlannerAutoConfiguration;
import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.spring.CarillonWorkerAutoConfiguration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

/**
 * The least-privilege recipe of docs/security.md on a real SASL_PLAINTEXT (SCRAM-SHA-512) broker with the standard
 * authorizer: the console, planner, dispatcher and a worker of app {@code demo} each run in their own Spring
 * application under their own principal, given only the recipe's ACLs and their login through
 * {@code carillon.kafka.properties.*}. A job created in the console runs; what the recipe withholds is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class KafkaAclIT {

    private static final String APP = "demo";
    private static final String OTHER_APP = "billing";
    private static final int PARTITIONS = 3;
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final long SEND_TIMEOUT_S = 15;
    private static final ParameterizedTypeReference<List<Map<String, Object>>> LIST_OF_MAPS =
            new ParameterizedTypeReference<>() {};

    @TempDir
    static Path stateDir;

    private final TopicCatalog catalog = new TopicCatalog(TopicCatalog.DEFAULT_PREFIX, PARTITIONS, (short) 1);
    private final Map<String, String> passwords = new HashMap<>();
    private final List<ConfigurableApplicationContext> components = new ArrayList<>();
    private KafkaBroker broker;
    private TestDatabase database;
    private RestClient console;

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({CarillonCoreAutoConfiguration.class, PlannerAutoConfiguration.class})
    static class PlannerService {}

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({CarillonCoreAutoConfiguration.class, DispatcherAutoConfiguration.class})
    static class DispatcherService {}

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({CarillonCoreAutoConfiguration.class, AnalyticsAutoConfiguration.class})
    static class AnalyticsService {}

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class})
    static class WorkerService {
        @Bean
        DemoHandlers demoHandlers() {
            return new DemoHandlers();
        }
    }

    private static final String CONSOLE_ADMIN_PASSWORD = "acl-test-admin-password";

    @BeforeAll
    void startCarillonUnderItsOwnPrincipals() {
        broker = KafkaBroker.builder()
                .saslScram("kafka-admin", newPassword("kafka-admin"))
                .start();
        LeastPrivilegeAcls recipe = new LeastPrivilegeAcls(catalog);
        List<AclBinding> acls = new ArrayList<>();
        acls.addAll(recipe.console(user("carillon-console")));
        acls.addAll(recipe.planner(user("carillon-planner")));
        acls.addAll(recipe.dispatcher(user("carillon-dispatcher")));
        acls.addAll(recipe.analytics(user("carillon-analytics")));
        acls.addAll(recipe.worker(user("carillon-worker-" + APP), APP));
        acls.addAll(recipe.worker(user("carillon-worker-" + OTHER_APP), OTHER_APP));
        broker.createAcls(acls);
        try (Admin admin = Admin.create(broker.superUserClientConfig())) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic(OTHER_APP)));
        }

        database = TestDatabase.create();
        Map<String, Object> consoleSettings = settings("carillon-console");
        consoleSettings.put("spring.datasource.url", database.jdbcUrl());
        consoleSettings.put("spring.datasource.username", database.username());
        consoleSettings.put("spring.datasource.password", database.password());
        consoleSettings.put("server.port", 0);
        consoleSettings.put("carillon.console.admin-password", CONSOLE_ADMIN_PASSWORD);
        consoleSettings.put("carillon.planner.enabled", false);
        consoleSettings.put("carillon.dispatcher.enabled", false);
        consoleSettings.put("carillon.analytics.enabled", false);
        ConfigurableApplicationContext consoleContext =
                start(ConsoleApplication.class, WebApplicationType.SERVLET, consoleSettings);
        console = RestClient.builder()
                .baseUrl("http://localhost:" + consoleContext.getEnvironment().getProperty("local.server.port"))
                .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {})
                .defaultHeaders(headers -> headers.setBasicAuth("admin", CONSOLE_ADMIN_PASSWORD))
                .build();

        Map<String, Object> plannerSettings = settings("carillon-planner");
        plannerSettings.put("carillon.planner.state-dir", stateDir.toString());
        start(PlannerService.class, WebApplicationType.NONE, plannerSettings);
        start(DispatcherService.class, WebApplicationType.NONE, settings("carillon-dispatcher"));
        Map<String, Object> analyticsSettings = settings("carillon-analytics");
        analyticsSettings.put(
                "carillon.analytics.state-dir", stateDir.resolve("analytics").toString());
        analyticsSettings.put("carillon.analytics.results-from-start", true);
        start(AnalyticsService.class, WebApplicationType.NONE, analyticsSettings);
        Map<String, Object> workerSettings = settings("carillon-worker-" + APP);
        workerSettings.put("carillon.worker.app", APP);
        start(WorkerService.class, WebApplicationType.NONE, workerSettings);
    }

    @AfterAll
    void stopCarillon() {
        for (int i = components.size() - 1; i >= 0; i--) {
            components.get(i).close();
        }
        if (database != null) {
            database.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aJobCreatedInTheConsoleRunsWithEachComponentUnderItsOwnPrincipal() {
        createJob("acl-manual");

        assertThat(runNow("acl-manual")).isEqualTo(202);

        await().atMost(DEADLINE).until(() -> succeededRuns("acl-manual") == 1);
        await("the analytics app reads results and commits its transactions")
                .atMost(DEADLINE)
                .until(() -> analyticsCommittedResults() > 0);
    }

    private long analyticsCommittedResults() throws Exception {
        try (Admin admin = Admin.create(broker.superUserClientConfig())) {
            return admin
                    .listConsumerGroupOffsets(catalog.prefix() + "analytics")
                    .partitionsToOffsetAndMetadata()
                    .get(SEND_TIMEOUT_S, TimeUnit.SECONDS)
                    .entrySet()
                    .stream()
                    .filter(entry -> entry.getKey().topic().equals(catalog.results()) && entry.getValue() != null)
                    .mapToLong(entry -> entry.getValue().offset())
                    .sum();
        }
    }

    @Test
    void aWorkerReadsOnlyItsOwnTriggerTopicAndOnlyInItsOwnGroup() {
        try (KafkaConsumer<String, byte[]> other = consumer("carillon-worker-" + APP, null)) {
            other.assign(List.of(new TopicPartition(catalog.trigger(OTHER_APP), 0)));
            other.seekToBeginning(other.assignment());
            assertThatThrownBy(() -> other.poll(Duration.ofSeconds(SEND_TIMEOUT_S)))
                    .isInstanceOf(TopicAuthorizationException.class);
        }
        try (KafkaConsumer<String, byte[]> ownTopicOtherGroup = consumer("carillon-worker-" + APP, "not-the-app")) {
            ownTopicOtherGroup.subscribe(List.of(catalog.trigger(APP)));
            assertThatThrownBy(() -> ownTopicOtherGroup.poll(Duration.ofSeconds(SEND_TIMEOUT_S)))
                    .isInstanceOf(GroupAuthorizationException.class);
        }
        assertRefused("carillon-worker-" + APP, catalog.trigger(OTHER_APP), "forged", "{}");
        assertRefused("carillon-worker-" + APP, catalog.fires(), "forged", "{}");
    }

    @Test
    void aPrincipalWithoutWriteOnRequestsCannotTriggerAJob() {
        createJob("acl-guarded");
        String forged = UUID.randomUUID().toString();
        JobRequest request = JobRequest.runNow(
                forged, "acl-guarded", null, "intruder", Clock.systemUTC().instant());
        String value = new String(EventSerdes.REQUEST.serialize(catalog.requests(), request), StandardCharsets.UTF_8);

        assertRefused("carillon-worker-" + APP, catalog.requests(), "acl-guarded", value);
        assertRefused("carillon-dispatcher", catalog.requests(), "acl-guarded", value);

        assertThat(runNow("acl-guarded")).as("the console may trigger it").isEqualTo(202);
        await().atMost(DEADLINE).until(() -> succeededRuns("acl-guarded") == 1);
        try (TopicReader<JobRequest> requests = reader(catalog.requests(), EventSerdes.REQUEST);
                TopicReader<Trigger> triggers = TopicReader.ofBatches(
                        broker.superUserClientConfig(), catalog.trigger(APP), EventSerdes.TRIGGERS)) {
            await().atMost(DEADLINE)
                    .until(() -> triggers.values().stream()
                            .anyMatch(trigger -> trigger.jobId().equals("acl-guarded")));
            assertThat(requests.values()).extracting(JobRequest::requestId).doesNotContain(forged);
            assertThat(triggers.values())
                    .filteredOn(trigger -> trigger.jobId().equals("acl-guarded"))
                    .as("only the console's run-now fired")
                    .hasSize(1)
                    .allSatisfy(trigger -> assertThat(trigger.fireId()).isNotEqualTo(forged));
        }
    }

    @Test
    void onlyTheConsolesPrincipalMayWriteJobDefinitions() {
        String definition = "{\"schemaVersion\":1,\"id\":\"forged\",\"app\":\"demo\",\"handler\":\"echo\","
                + "\"schedule\":{\"type\":\"FIXED_RATE\",\"intervalMs\":1000},\"enabled\":true}";
        for (String intruder : List.of("carillon-planner", "carillon-dispatcher", "carillon-worker-" + APP)) {
            assertRefused(intruder, catalog.jobs(), "forged", definition);
        }
        createJob("acl-console-wrote-it");
    }

    @Test
    void noPasswordAppearsInTheLogs(CapturedOutput output) {
        assertThat(output.getAll()).as("the components logged their start").contains("Started");
        for (var user : passwords.entrySet()) {
            assertThat(output.getAll()).as("the password of %s", user.getKey()).doesNotContain(user.getValue());
        }
    }

    private ConfigurableApplicationContext start(
            Class<?> source, WebApplicationType type, Map<String, Object> settings) {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(source)
                .web(type)
                .properties(settings)
                .registerShutdownHook(false)
                .run();
        components.add(context);
        return context;
    }

    /** What every component of the test sets: the cluster, the topics, and its login, as a user would. */
    private Map<String, Object> settings(String user) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("carillon.kafka.bootstrap-servers", broker.bootstrapServers());
        settings.put("carillon.topics.partitions", PARTITIONS);
        SaslScram.clientProperties(user, passwords.get(user))
                .forEach((name, value) -> settings.put("carillon.kafka.properties." + name, value));
        return settings;
    }

    private String user(String name) {
        broker.createScramUser(name, newPassword(name));
        return name;
    }

    private String newPassword(String user) {
        String password = UUID.randomUUID().toString().replace("-", "");
        passwords.put(user, password);
        return password;
    }

    private Map<String, Object> clientConfig(String user) {
        Map<String, Object> config = new HashMap<>(SaslScram.clientProperties(user, passwords.get(user)));
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        return config;
    }

    private void assertRefused(String user, String topic, String key, String value) {
        Map<String, Object> config = clientConfig(user);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(SEND_TIMEOUT_S));
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            assertThatThrownBy(() -> producer.send(
                                    new ProducerRecord<>(topic, key, value.getBytes(StandardCharsets.UTF_8)))
                            .get(SEND_TIMEOUT_S, TimeUnit.SECONDS))
                    .as("%s writing to %s", user, topic)
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(TopicAuthorizationException.class);
        }
    }

    private KafkaConsumer<String, byte[]> consumer(String user, String group) {
        Map<String, Object> config = clientConfig(user);
        if (group != null) {
            config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    private <V> TopicReader<V> reader(String topic, Deserializer<V> values) {
        return new TopicReader<>(broker.superUserClientConfig(), topic, values);
    }

    private void createJob(String id) {
        var response = console.post()
                .uri("/api/v1/jobs")
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("id", id, "app", APP, "handler", "echo", "schedule", Map.of("type", "NONE")))
                .retrieve()
                .toEntity(String.class);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(201);
    }

    private int runNow(String id) {
        return console.post()
                .uri("/api/v1/jobs/{id}/run", id)
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of())
                .retrieve()
                .toBodilessEntity()
                .getStatusCode()
                .value();
    }

    private long succeededRuns(String id) {
        List<Map<String, Object>> runs = console.get()
                .uri("/api/v1/jobs/{id}/runs?limit=100", id)
                .retrieve()
                .body(LIST_OF_MAPS);
        return runs == null
                ? 0
                : runs.stream()
                        .filter(run -> RunStatus.SUCCEEDED.name().equals(run.get("status")))
                        .count();
    }
}
