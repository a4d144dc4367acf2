package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher routing to three real workers of one app, against the real broker, on the system clock: round
 * robin, sharding broadcast, failover, no worker, and BUSYOVER, which reads the runs' results.
 */
class RoutingWithWorkersIT {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    /**
     * Heartbeats a minute apart (a worker also sends one when its trigger partitions change): within a test only the
     * dispatcher's own record of the runs it sent, ended by their results, tells BUSYOVER which instance is busy.
     */
    private static final Duration HEARTBEAT = Duration.ofMinutes(1);
    /** Fires are due this long after they are sent, so that the dispatcher's registry has the latest heartbeats. */
    private static final Duration LEAD = Duration.ofMillis(700);
    /**
     * The lead of a fire sent right after a run's end is on {@code results}: the dispatcher holds it half a second
     * before routing it, so its own reader of {@code results} has fetched that end (BUSYOVER reads it by polling).
     */
    private static final Duration AFTER_THE_END_IS_READ = Dispatcher.DEFAULT_TRIGGER_LEAD.plusMillis(500);

    private static final Duration NO_WORKER_GRACE = Duration.ofSeconds(2);
    private static final int PARTITIONS = 3;
    private static final String APP = "demo";
    private static final List<String> INSTANCES = List.of("w1", "w2", "w3");

    private static final String HOLD = "hold";

    private record Ran(String instance, String fireId, String runId, int shardIndex, int shardTotal) {}

    private final Clock clock = Clock.systemUTC();
    private final Queue<Ran> runs = new ConcurrentLinkedQueue<>();
    private final Map<String, CountDownLatch> holds = new ConcurrentHashMap<>();
    private final Map<String, CarillonWorker> workers = new LinkedHashMap<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private KafkaProducer<String, byte[]> producer;
    private TopicReader<WorkerHeartbeat> heartbeats;
    private Dispatcher dispatcher;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(PARTITIONS);
        try (var admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic(APP)));
        }
        producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                new StringSerializer(),
                new ByteArraySerializer());
        closeables.add(producer);
        heartbeats = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT);
        closeables.add(heartbeats);
        dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .noWorkerGrace(NO_WORKER_GRACE)
                .build();
        dispatcher.start();
        INSTANCES.forEach(this::startWorker);
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == PARTITIONS);
        awaitInstancesOwningAllPartitions(INSTANCES);
    }

    @AfterEach
    void tearDown() throws Exception {
        holds.values().forEach(CountDownLatch::countDown);
        workers.values().forEach(CarillonWorker::close);
        if (dispatcher != null) {
            dispatcher.close();
        }
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void routesRoundRobinAndBroadcastOverThreeWorkersThenFailsOverAndFindsNoWorker() {
        roundRobinSpreadsThirtyRunsEvenly();
        shardingBroadcastGivesEachInstanceItsShard();
        failoverMovesToALiveInstanceWhenTheFirstStops();
        noLiveInstanceGivesNoWorker();
    }

    @Test
    void busyoverSendsTheNextFireToTheFirstInstanceWhoseRunEndedAlsoAfterEveryRunEnded() {
        busyoverFreesAnInstanceWhenItsRunEnds();
        List.copyOf(holds.keySet()).forEach(this::release);

        busyoverFreesAnInstanceWhenItsRunEnds();
    }

    private void busyoverFreesAnInstanceWhenItsRunEnds() {
        String first = send(holdFire());
        assertThat(awaitRuns(List.of(first), 1)).extracting(Ran::instance).containsExactly("w1");
        String second = send(holdFire());
        assertThat(awaitRuns(List.of(second), 1))
                .extracting(Ran::instance)
                .as("w1 is busy")
                .containsExactly("w2");

        release(first);
        String third = send(holdFire(AFTER_THE_END_IS_READ));

        assertThat(awaitRuns(List.of(third), 1))
                .extracting(Ran::instance)
                .as("w1 is free, w2 busy")
                .containsExactly("w1");
    }

    /** Ends the run of {@code fireId} and waits until its SUCCEEDED result is on {@code results}. */
    private void release(String fireId) {
        holds.computeIfAbsent(fireId, id -> new CountDownLatch(1)).countDown();
        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> results.values().stream()
                            .anyMatch(result ->
                                    fireId.equals(result.fireId()) && result.status() == RunStatus.SUCCEEDED));
        }
    }

    private FireEvent holdFire() {
        return holdFire(LEAD);
    }

    private FireEvent holdFire(Duration lead) {
        Instant at = clock.instant().plus(lead);
        return new FireEvent(
                0,
                null,
                FireIds.scheduled("busy", at),
                "busy",
                1,
                APP,
                HOLD,
                at,
                FireKind.SCHEDULED,
                1,
                "{}",
                RoutingStrategy.BUSYOVER,
                null,
                null,
                0,
                null,
                null,
                clock.instant());
    }

    private void roundRobinSpreadsThirtyRunsEvenly() {
        Instant at = clock.instant().plus(LEAD);
        List<String> fireIds = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            fireIds.add(send(fire("rr", at.plusMillis(i), RoutingStrategy.ROUND_ROBIN)));
        }

        List<Ran> ran = awaitRuns(fireIds, 30);

        Map<String, Long> perInstance =
                ran.stream().collect(Collectors.groupingBy(Ran::instance, Collectors.counting()));
        assertThat(perInstance).containsOnlyKeys(INSTANCES);
        assertThat(perInstance.values()).allSatisfy(count -> assertThat(count).isBetween(9L, 11L));
    }

    private void shardingBroadcastGivesEachInstanceItsShard() {
        String fireId = send(fire("broadcast", clock.instant().plus(LEAD), RoutingStrategy.SHARDING_BROADCAST));

        List<Ran> ran = awaitRuns(List.of(fireId), 3);

        assertThat(ran).extracting(Ran::instance).containsExactlyInAnyOrderElementsOf(INSTANCES);
        assertThat(ran).extracting(Ran::shardIndex).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(ran).extracting(Ran::shardTotal).containsOnly(3);
        assertThat(ran).allSatisfy(run -> assertThat(run.runId()).isEqualTo(FireIds.runId(fireId, run.shardIndex())));
    }

    private void failoverMovesToALiveInstanceWhenTheFirstStops() {
        String first = send(fire("failover", clock.instant().plus(LEAD), RoutingStrategy.FAILOVER));
        assertThat(awaitRuns(List.of(first), 1)).extracting(Ran::instance).containsExactly("w1");

        workers.remove("w1").close();
        awaitInstancesOwningAllPartitions(List.of("w2", "w3"));
        String second = send(fire("failover", clock.instant().plus(LEAD), RoutingStrategy.FAILOVER));

        assertThat(awaitRuns(List.of(second), 1)).extracting(Ran::instance).containsExactly("w2");
    }

    private void noLiveInstanceGivesNoWorker() {
        List.copyOf(workers.keySet())
                .forEach(instance -> workers.remove(instance).close());
        awaitInstancesOwningAllPartitions(List.of());
        String fireId = send(fire("orphan", clock.instant().plus(LEAD), RoutingStrategy.ROUND_ROBIN));

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> results.values().stream().anyMatch(result -> fireId.equals(result.fireId())));
            RunResult result = results.values().stream()
                    .filter(r -> fireId.equals(r.fireId()))
                    .findFirst()
                    .orElseThrow();
            assertThat(result.status()).isEqualTo(RunStatus.NO_WORKER);
        }
        assertThat(runs).extracting(Ran::fireId).doesNotContain(fireId);
        assertThat(dispatcher.stats().app(APP).noWorker()).isEqualTo(1);
    }

    private void startWorker(String instance) {
        CarillonWorker worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .app(APP)
                .instanceId(instance)
                .heartbeatInterval(HEARTBEAT)
                .shutdownGrace(Duration.ofSeconds(5))
                .handler("echo", context -> {
                    runs.add(new Ran(
                            instance, context.fireId(), context.runId(), context.shardIndex(), context.shardTotal()));
                    return null;
                })
                .handler(HOLD, context -> {
                    CountDownLatch hold = holds.computeIfAbsent(context.fireId(), fireId -> new CountDownLatch(1));
                    runs.add(new Ran(
                            instance, context.fireId(), context.runId(), context.shardIndex(), context.shardTotal()));
                    hold.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                    return null;
                })
                .build();
        workers.put(instance, worker);
        worker.start();
    }

    /**
     * Waits until the latest heartbeats on {@code workers} show exactly {@code instances}, each owning partitions of
     * the trigger topic and all of them together owning every partition (none when no instance is left).
     */
    private void awaitInstancesOwningAllPartitions(List<String> instances) {
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> {
            Map<String, WorkerHeartbeat> latest = new HashMap<>();
            for (ConsumerRecord<String, WorkerHeartbeat> record : heartbeats.poll()) {
                if (record.value() == null) {
                    latest.remove(record.key());
                } else {
                    latest.put(record.key(), record.value());
                }
            }
            Set<Integer> owned = new HashSet<>();
            latest.values().forEach(heartbeat -> owned.addAll(heartbeat.partitions()));
            return latest.keySet().equals(Set.copyOf(instances))
                    && latest.values().stream()
                            .noneMatch(heartbeat -> heartbeat.partitions().isEmpty())
                    && owned.size() == (instances.isEmpty() ? 0 : PARTITIONS);
        });
    }

    private List<Ran> awaitRuns(List<String> fireIds, int expected) {
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> runs.stream()
                                .filter(run -> fireIds.contains(run.fireId()))
                                .count()
                        >= expected);
        List<Ran> ran =
                runs.stream().filter(run -> fireIds.contains(run.fireId())).toList();
        assertThat(ran).hasSize(expected);
        return ran;
    }

    private FireEvent fire(String jobId, Instant at, RoutingStrategy routing) {
        return new FireEvent(
                0,
                null,
                FireIds.scheduled(jobId, at),
                jobId,
                1,
                APP,
                "echo",
                at,
                FireKind.SCHEDULED,
                1,
                "{}",
                routing,
                null,
                null,
                0,
                null,
                null,
                clock.instant());
    }

    private String send(FireEvent fire) {
        producer.send(new ProducerRecord<>(catalog.fires(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire)));
        producer.flush();
        return fire.fireId();
    }
}
