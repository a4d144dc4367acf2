package io.carillon.console;

import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.worker.CarillonWorker;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * What one console test class runs against: a fresh PostgreSQL database and its own topic prefix on the shared
 * test broker. Create it in a static field, {@link #register} it from a {@code @DynamicPropertySource} method, and
 * put {@code @ExtendWith(ConsoleTestEnvironment.DropDatabase.class)} before {@code @SpringBootTest} (with
 * {@code @DirtiesContext}), so the database is dropped after the application context is closed.
 */
public final class ConsoleTestEnvironment {

    public static final int PARTITIONS = 3;
    /** The password of the {@code admin} user each test console creates at its first start. */
    public static final String ADMIN_PASSWORD = "test-admin-password";

    /**
     * Retention of runs and logs in test consoles: the tests' runs are scheduled at fixed instants, which the
     * default 30 days would delete once the real clock is far enough past them.
     */
    public static final String RETENTION = "3650d";

    public final TestDatabase database = TestDatabase.create();
    public final TopicCatalog catalog = TestKafka.newCatalog(PARTITIONS);

    public void register(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", database::jdbcUrl);
        registry.add("spring.datasource.username", database::username);
        registry.add("spring.datasource.password", database::password);
        registry.add("carillon.kafka.bootstrap-servers", TestKafka::bootstrapServers);
        registry.add("carillon.topics.prefix", catalog::prefix);
        registry.add("carillon.topics.partitions", () -> PARTITIONS);
        registry.add("carillon.console.materializer.group-id", () -> catalog.prefix() + "console");
        registry.add("carillon.console.admin-password", () -> ADMIN_PASSWORD);
        registry.add("carillon.console.retention.runs", () -> RETENTION);
        registry.add("carillon.console.retention.logs", () -> RETENTION);
    }

    /**
     * Starts and closes a real worker of {@code app} whose handlers are {@code handlers} (each returning nothing),
     * which publishes version {@code version}'s declarations of {@code jobs} and {@code workflows} at its start.
     */
    public void declareAndStop(
            String app,
            String version,
            List<String> handlers,
            List<JobDefinition> jobs,
            List<WorkflowDefinition> workflows) {
        declareAndStop(app, version, handlers, jobs, workflows, builder -> {});
    }

    /** As {@link #declareAndStop(String, String, List, List, List)}, after {@code more} declared more on the worker. */
    public void declareAndStop(
            String app,
            String version,
            List<String> handlers,
            List<JobDefinition> jobs,
            List<WorkflowDefinition> workflows,
            Consumer<CarillonWorker.Builder> more) {
        CarillonWorker.Builder builder = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .app(app)
                .instanceId(app + "-" + version)
                .shutdownGrace(Duration.ZERO)
                .declarations(version, jobs, workflows);
        more.accept(builder);
        handlers.forEach(handler -> builder.handler(handler, context -> null));
        try (CarillonWorker worker = builder.build()) {
            worker.start();
        }
    }

    /** A producer to the test broker; the caller closes it. */
    public static Producer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    /**
     * Drops the databases of the test class's static environments. Declared before {@code @SpringBootTest}, its
     * afterAll runs after the Spring extension's, which closes the {@code @DirtiesContext} application context.
     */
    public static final class DropDatabase implements AfterAllCallback {

        @Override
        public void afterAll(ExtensionContext context) throws IllegalAccessException {
            for (Field field : context.getRequiredTestClass().getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConsoleTestEnvironment.class) {
                    field.setAccessible(true);
                    ((ConsoleTestEnvironment) field.get(null)).database.close();
                }
            }
        }
    }
}
