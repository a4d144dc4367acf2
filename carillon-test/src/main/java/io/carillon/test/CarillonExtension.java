package io.carillon.test;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.planner.Planner;
import io.carillon.test.internal.KafkaSource;
import io.carillon.test.internal.TopicTail;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkerHeartbeat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * A real Carillon in the test's JVM: an in-process Kafka broker with Carillon's topics, a planner and a dispatcher,
 * started on first use and stopped after the test class. Workers are the test's own: a Spring Boot application with
 * the worker starter pointed here by {@link #properties}, or a {@code CarillonWorker} built on
 * {@link #bootstrapServers()} and {@link #catalog()}. {@link #run} puts a job on the {@code jobs} topic as the
 * console does, asks for a run now on {@code requests}, and returns the run's result from {@code results}: the whole
 * path of a fire, on the same parts as production.
 *
 * <pre>{@code
 * @SpringBootTest
 * @DirtiesContext
 * class InvoiceJobTest {
 *     @RegisterExtension
 *     static final CarillonExtension carillon = CarillonExtension.create();
 *
 *     @DynamicPropertySource
 *     static void carillon(DynamicPropertyRegistry registry) {
 *         carillon.properties(registry::add);
 *     }
 *
 *     @Test
 *     void sendsInvoices() {
 *         RunResult result = carillon.run(JobDefinition.builder("invoices").app("billing").handler("send-invoices")
 *                 .params("{\"day\":\"2026-01-31\"}").build());
 *         assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
 *     }
 * }
 * }</pre>
 *
 * <p>Register it in a static field: it starts when first asked for its address (or for a run) and stops once the
 * test class is done, after its {@code @AfterAll} methods and after Spring closed the application context. Mark a
 * Spring test {@code @DirtiesContext}, so that its worker stops while Carillon still runs (a context Spring keeps
 * for later test classes would stop at the JVM's exit, after the broker, and wait for it in vain). Starting takes a
 * few seconds (the broker, then the planner's first rebalance). Thread-safe.
 */
public final class CarillonExtension implements ExecutionCondition, BeforeAllCallback, AutoCloseable {

    /** How long {@link #run} waits for a worker and then for the result, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** The partitions of each topic: few, so that the planner and the worker's group settle fast. */
    public static final int PARTITIONS = 3;
    /** Who the run requests name as their requester. */
    public static final String REQUESTED_BY = "carillon-test";
    /** The image of {@link #withKafkaContainer()}: Apache Kafka of the version of the Kafka clients in use. */
    public static final String DEFAULT_KAFKA_IMAGE = "apache/kafka:" + AppInfoParser.getVersion();

    private static final Duration POLL = Duration.ofMillis(100);

    private final TopicCatalog catalog = new TopicCatalog(TopicCatalog.DEFAULT_PREFIX, PARTITIONS, (short) 1);
    private final Clock clock;
    private final Duration timeout;
    private final Map<String, Long> versions = new HashMap<>();
    private final KafkaSource kafka;

    private String bootstrapServers;
    private Path plannerState;
    private Planner planner;
    private Dispatcher dispatcher;
    private KafkaProducer<String, byte[]> producer;

    private CarillonExtension(Clock clock, Duration timeout, KafkaSource kafka) {
        this.clock = clock;
        this.timeout = timeout;
        this.kafka = kafka;
    }

    /** An extension whose {@link #run} waits at most {@link #DEFAULT_TIMEOUT}. */
    public static CarillonExtension create() {
        return create(DEFAULT_TIMEOUT);
    }

    /** An extension whose {@link #run} waits at most {@code timeout} for a worker and as long for the result. */
    public static CarillonExtension create(Duration timeout) {
        return new CarillonExtension(Clock.systemUTC(), requirePositive(timeout), KafkaSource.inProcess());
    }

    /**
     * An extension on a Kafka container ({@value #DEFAULT_KAFKA_IMAGE}, started by Testcontainers) instead of the
     * in-process broker, for a test that wants the broker a production cluster runs. Add
     * {@code org.testcontainers:testcontainers-kafka} to the test class path. Without a Docker engine the test class
     * is skipped, not failed.
     */
    public static CarillonExtension withKafkaContainer() {
        return withKafkaContainer(DEFAULT_KAFKA_IMAGE, DEFAULT_TIMEOUT);
    }

    /** An extension on a Kafka container of {@code image}, waiting at most {@code timeout} in {@link #run}. */
    public static CarillonExtension withKafkaContainer(String image, Duration timeout) {
        Objects.requireNonNull(image, "image is required");
        return new CarillonExtension(Clock.systemUTC(), requirePositive(timeout), KafkaSource.container(image));
    }

    /** The broker's bootstrap servers; starts Carillon on the first call. */
    public synchronized String bootstrapServers() {
        if (bootstrapServers == null) {
            start();
        }
        return bootstrapServers;
    }

    /** The topics: Carillon's default prefix, {@value #PARTITIONS} partitions each. */
    public TopicCatalog catalog() {
        return catalog;
    }

    /**
     * Hands the settings a Spring Boot worker needs to {@code registry}: {@code carillon.kafka.bootstrap-servers},
     * {@code carillon.topics.prefix} and {@code carillon.topics.partitions}, each read when first needed. Pass
     * {@code DynamicPropertyRegistry::add}.
     */
    public void properties(BiConsumer<String, Supplier<Object>> registry) {
        registry.accept("carillon.kafka.bootstrap-servers", this::bootstrapServers);
        registry.accept("carillon.topics.prefix", catalog::prefix);
        registry.accept("carillon.topics.partitions", catalog::partitions);
    }

    /** {@link #run(JobDefinition, String, Duration)} with the job's own params and the extension's timeout. */
    public RunResult run(JobDefinition job) {
        return run(job, null, timeout);
    }

    /** {@link #run(JobDefinition, String, Duration)} with the extension's timeout. */
    public RunResult run(JobDefinition job, String params) {
        return run(job, params, timeout);
    }

    /**
     * Creates or replaces {@code job}, waits until a live worker of its app offers its handler, asks for one run now
     * with {@code params} (null: the job's own) and returns that run's first terminal result (for a sharded job, the
     * first shard to finish). Retries of a failed run are not awaited.
     *
     * @throws AssertionError when no worker comes within {@code timeout}, or then no result within as long
     */
    public RunResult run(JobDefinition job, String params, Duration timeout) {
        Objects.requireNonNull(job, "job");
        requirePositive(timeout);
        String bootstrap = bootstrapServers();
        awaitWorker(bootstrap, job, timeout);
        String requestId = "test-" + UUID.randomUUID();
        try (TopicTail<RunResult> results =
                new TopicTail<>(bootstrap, catalog.results(), EventSerdes.RESULT.deserializer())) {
            send(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(catalog.jobs(), nextVersion(job)));
            send(
                    catalog.requests(),
                    job.id(),
                    EventSerdes.REQUEST.serialize(
                            catalog.requests(),
                            JobRequest.runNow(requestId, job.id(), params, REQUESTED_BY, clock.instant())));
            return await(
                    results,
                    result ->
                            requestId.equals(result.fireId()) && result.status().isTerminal(),
                    "result of job " + job.id(),
                    timeout);
        }
    }

    /** Disables the test class, with the reason, when its Kafka cannot start here (a container, no Docker engine). */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String unavailable = kafka.unavailableReason();
        return unavailable == null
                ? ConditionEvaluationResult.enabled("Kafka can start")
                : ConditionEvaluationResult.disabled(unavailable);
    }

    /**
     * Arranges for {@link #close()} when the test class's extension context closes: after every
     * {@code afterAll}, so after Spring's test support closed a {@code @DirtiesContext} application context and
     * its worker.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(ExtensionContext.Namespace.create(CarillonExtension.class))
                .put(this, this);
    }

    /** Stops the dispatcher, the planner and the broker; a later call to {@link #bootstrapServers()} starts anew. */
    @Override
    public synchronized void close() {
        if (producer != null) {
            producer.close();
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
        if (planner != null) {
            planner.close();
        }
        kafka.close();
        if (plannerState != null) {
            deleteRecursively(plannerState);
        }
        producer = null;
        dispatcher = null;
        planner = null;
        bootstrapServers = null;
        plannerState = null;
        versions.clear();
    }

    private void start() {
        try {
            bootstrapServers = kafka.start();
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
                new TopicInitializer(admin).ensure(catalog.coreTopics());
            }
            plannerState = Files.createTempDirectory("carillon-test-planner");
            planner = Planner.builder()
                    .bootstrapServers(bootstrapServers)
                    .catalog(catalog)
                    .clock(clock)
                    .stateDir(plannerState)
                    .build();
            planner.start();
            dispatcher = Dispatcher.builder()
                    .bootstrapServers(bootstrapServers)
                    .catalog(catalog)
                    .clock(clock)
                    .build();
            dispatcher.start();
            producer = new KafkaProducer<>(
                    Map.of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            bootstrapServers,
                            ProducerConfig.ACKS_CONFIG,
                            "all"),
                    new StringSerializer(),
                    new ByteArraySerializer());
        } catch (TestAbortedException e) {
            close();
            throw e;
        } catch (IOException | RuntimeException e) {
            close();
            throw new IllegalStateException("could not start Carillon for the test: " + e.getMessage(), e);
        }
    }

    private synchronized JobDefinition nextVersion(JobDefinition job) {
        return job.toBuilder().version(versions.merge(job.id(), 1L, Long::sum)).build();
    }

    private void awaitWorker(String bootstrap, JobDefinition job, Duration timeout) {
        Map<String, WorkerHeartbeat> latest = new HashMap<>();
        try (TopicTail<WorkerHeartbeat> heartbeats =
                new TopicTail<>(bootstrap, catalog.workers(), EventSerdes.HEARTBEAT.deserializer())) {
            Instant deadline = clock.instant().plus(timeout);
            while (clock.instant().isBefore(deadline)) {
                heartbeats.poll(POLL).forEach(heartbeat -> latest.put(heartbeat.instanceId(), heartbeat));
                Instant now = clock.instant();
                if (latest.values().stream()
                        .anyMatch(heartbeat -> heartbeat.app().equals(job.app())
                                && heartbeat.handlers().contains(job.handler())
                                && !heartbeat.partitions().isEmpty()
                                && heartbeat.expiresAt().isAfter(now))) {
                    return;
                }
            }
        }
        throw new AssertionError("no live worker of app '" + job.app() + "' with handler '" + job.handler()
                + "' within " + timeout + ": is the worker pointed at this Carillon (properties(...))?");
    }

    private <V> V await(TopicTail<V> tail, Predicate<V> wanted, String what, Duration timeout) {
        Instant deadline = clock.instant().plus(timeout);
        while (clock.instant().isBefore(deadline)) {
            for (V value : tail.poll(POLL)) {
                if (wanted.test(value)) {
                    return value;
                }
            }
        }
        throw new AssertionError("no " + what + " within " + timeout);
    }

    private synchronized void send(String topic, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not write to " + topic + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing to " + topic, e);
        }
    }

    private static Duration requirePositive(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        return timeout;
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + dir, e);
        }
    }
}
