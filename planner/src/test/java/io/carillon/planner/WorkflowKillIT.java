package io.carillon.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly once per workflow instance through an abrupt death: two planners run 30 instances of a five-node workflow
 * (a fan-out to two nodes, their fan-in, then a last node); one planner, in a child JVM, is killed with
 * {@code destroyForcibly} once every instance's first node has ended and while the others run. A stand-in worker
 * answers each committed node fire with SUCCEEDED. Every instance ends SUCCEEDED with every node SUCCEEDED, and each
 * node of each instance is fired exactly once in the committed {@code fires}.
 */
class WorkflowKillIT {

    private static final Logger log = LoggerFactory.getLogger(WorkflowKillIT.class);

    private static final int PARTITIONS = 4;
    private static final int WORKFLOWS = 30;
    private static final List<String> NODES = List.of("extract", "left", "right", "join", "load");
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration WORKER_POLL = Duration.ofMillis(50);
    private static final String APP = "etl";
    private static final String KILLED = "killed";
    private static final String SURVIVOR = "survivor";

    private final Clock clock = Clock.systemUTC();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    /** Node fire id (instance/node/round) → how often the stand-in worker read it committed. */
    private final Map<String, Integer> nodeFires = new ConcurrentHashMap<>();

    private final AtomicBoolean workerRuns = new AtomicBoolean(true);
    private final ExecutorService workerThread = Executors.newSingleThreadExecutor();
    private TopicCatalog catalog;
    private String applicationId;
    private Admin admin;
    private Process child;

    @TempDir
    Path survivorDir;

    @TempDir
    Path killedDir;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(PARTITIONS);
        applicationId = catalog.prefix() + "planner";
        admin = TestKafka.admin();
        closeables.add(admin);
    }

    @AfterEach
    void tearDown() throws Exception {
        workerRuns.set(false);
        workerThread.shutdown();
        workerThread.awaitTermination(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        if (child != null) {
            child.destroyForcibly().waitFor();
        }
        for (int i = closeables.size() - 1; i >= 0; i--) {
            closeables.get(i).close();
        }
    }

    @Test
    void everyNodeOfEveryInstanceRunsOnceWhenAPlannerIsKilledMidInstance() throws Exception {
        child = PlannerProcesses.startChild(catalog, applicationId, killedDir, KILLED);
        closeables.add(PlannerProcesses.startPlanner(catalog, applicationId, survivorDir, SURVIVOR));
        await("both planners own partitions")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> PlannerProcesses.owners(admin, applicationId, catalog.workflows())
                        .keySet()
                        .equals(Set.of(KILLED, SURVIVOR)));
        TopicReader<WorkflowEvent> events = new TopicReader<>(catalog.workflowEvents(), EventSerdes.WORKFLOW_EVENT);
        closeables.add(events);
        Future<?> worker = workerThread.submit(this::answerNodeFires);
        List<String> workflowIds = defineAndStartWorkflows();

        await("every instance's first node ended")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> firedNodes("extract") == WORKFLOWS);
        long loadsBeforeKill = firedNodes("load");
        assertThat(loadsBeforeKill).as("instances still running at the kill").isLessThan(WORKFLOWS);
        child.destroyForcibly().waitFor();
        log.info("killed the planner with {} of {} instances at their last node or done", loadsBeforeKill, WORKFLOWS);

        await("every instance ended")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> ended(events.values()).size() == WORKFLOWS);
        assertThat(worker.isDone()).as("the stand-in worker still runs").isFalse();

        Map<String, WorkflowEvent> ended = ended(events.values());
        assertThat(ended.values())
                .extracting(WorkflowEvent::workflowId)
                .containsExactlyInAnyOrderElementsOf(workflowIds);
        assertThat(ended.values()).allSatisfy(instance -> {
            assertThat(instance.status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
            assertThat(instance.nodes()).extracting(NodeState::status).containsOnly(NodeStatus.SUCCEEDED);
        });
        List<String> expected = ended.keySet().stream()
                .flatMap(instanceId -> NODES.stream().map(node -> instanceId + "/" + node + "/1"))
                .toList();
        assertThat(nodeFires).containsOnlyKeys(expected);
        assertThat(nodeFires.entrySet())
                .filteredOn(entry -> entry.getValue() != 1)
                .as("node fires committed more than once")
                .isEmpty();
    }

    private long firedNodes(String node) {
        return nodeFires.keySet().stream()
                .filter(fireId -> fireId.contains("/" + node + "/"))
                .count();
    }

    /** The INSTANCE_ENDED event of each instance, by instance id. */
    private static Map<String, WorkflowEvent> ended(List<WorkflowEvent> events) {
        Map<String, WorkflowEvent> ended = new HashMap<>();
        for (WorkflowEvent event : events) {
            if (event.type() == WorkflowEventType.INSTANCE_ENDED) {
                ended.put(event.instanceId(), event);
            }
        }
        return ended;
    }

    private List<String> defineAndStartWorkflows() throws Exception {
        List<String> workflowIds = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < WORKFLOWS; i++) {
                String workflowId = "pipeline-" + i;
                workflowIds.add(workflowId);
                WorkflowDefinition workflow = WorkflowDefinition.builder(workflowId)
                        .apps(List.of(APP))
                        .nodes(NODES.stream()
                                .map(node -> WorkflowNode.inline(node, APP, node))
                                .toList())
                        .edges(List.of(
                                WorkflowEdge.of("extract", "left"),
                                WorkflowEdge.of("extract", "right"),
                                WorkflowEdge.of("left", "join"),
                                WorkflowEdge.of("right", "join"),
                                WorkflowEdge.of("join", "load")))
                        .build();
                producer.send(
                        new ProducerRecord<>(catalog.workflows(), workflowId, EventSerdes.WORKFLOW.toJson(workflow)));
            }
            producer.flush();
            for (String workflowId : workflowIds) {
                WorkflowCommand start =
                        WorkflowCommand.start(UUID.randomUUID().toString(), workflowId, "kill-test", clock.instant());
                producer.send(new ProducerRecord<>(
                                catalog.workflowCommands(), workflowId, EventSerdes.WORKFLOW_COMMAND.toJson(start)))
                        .get();
            }
        }
        return workflowIds;
    }

    /** The stand-in worker: every committed node fire is counted and answered SUCCEEDED on {@code results}. */
    private void answerNodeFires() {
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(
                        Map.of(
                                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                TestKafka.bootstrapServers(),
                                ConsumerConfig.GROUP_ID_CONFIG,
                                "stand-in-worker-" + UUID.randomUUID(),
                                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                                "earliest",
                                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                                "read_committed"),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
                KafkaProducer<String, String> producer = producer()) {
            consumer.subscribe(List.of(catalog.fires()));
            while (workerRuns.get()) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(WORKER_POLL)) {
                    for (FireEvent fire : EventSerdes.FIRES.deserialize(record.topic(), record.value())) {
                        if (fire.action() == FireAction.FIRE && fire.workflow() != null) {
                            nodeFires.merge(fire.fireId(), 1, Integer::sum);
                            RunResult succeeded =
                                    RunResult.ofUnrunFire(fire, RunStatus.SUCCEEDED, "ran", clock.instant());
                            producer.send(new ProducerRecord<>(
                                    catalog.results(), fire.jobId(), EventSerdes.RESULT.toJson(succeeded)));
                        }
                    }
                }
                producer.flush();
            }
        }
    }

    private static KafkaProducer<String, String> producer() {
        return TestKafka.producer(new StringSerializer());
    }
}
