package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.test.internal.TopicTail;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
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
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A three-node workflow (extract, transform, load) on the real parts: the in-process broker, the planner with its
 * workflow engine, the dispatcher and a {@link CarillonWorker}, each node's output read by its descendants.
 */
class WorkflowIT {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Clock CLOCK = Clock.systemUTC();

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    static CarillonWorker worker;
    static final Map<String, Map<String, String>> seen = new ConcurrentHashMap<>();

    @BeforeAll
    static void startWorker() {
        worker = CarillonWorker.builder()
                .bootstrapServers(carillon.bootstrapServers())
                .catalog(carillon.catalog())
                .app("etl")
                .handler("extract", context -> {
                    context.setOutput("3 rows");
                    return "extracted";
                })
                .handler("transform", context -> {
                    seen.put("transform", context.workflowOutputs());
                    context.setOutput(context.workflowOutput("extract") + " transformed");
                    return "transformed";
                })
                .handler("load", context -> {
                    seen.put("load", context.workflowOutputs());
                    return "loaded";
                })
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        worker.close();
    }

    @Test
    void aThreeNodeWorkflowRunsEachNodeOnceAndPassesOutputsToDescendants() throws Exception {
        RunResult warmUp = carillon.run(
                JobDefinition.builder("warm-up").app("etl").handler("extract").build());
        assertThat(warmUp.status()).isEqualTo(RunStatus.SUCCEEDED);
        TopicCatalog catalog = carillon.catalog();
        WorkflowDefinition pipeline = WorkflowDefinition.builder("pipeline")
                .apps(List.of("etl"))
                .nodes(List.of(
                        WorkflowNode.inline("extract", "etl", "extract"),
                        WorkflowNode.inline("transform", "etl", "transform"),
                        WorkflowNode.inline("load", "etl", "load")))
                .edges(List.of(WorkflowEdge.of("extract", "transform"), WorkflowEdge.of("transform", "load")))
                .build();

        try (KafkaProducer<String, byte[]> producer = TestProducers.of(carillon);
                TopicTail<WorkflowEvent> events = new TopicTail<>(
                        carillon.bootstrapServers(),
                        catalog.workflowEvents(),
                        EventSerdes.WORKFLOW_EVENT.deserializer());
                TopicTail<RunResult> results = new TopicTail<>(
                        carillon.bootstrapServers(), catalog.results(), EventSerdes.RESULT.deserializer())) {
            send(producer, catalog.workflows(), pipeline.id(), EventSerdes.WORKFLOW.serialize(null, pipeline));
            send(
                    producer,
                    catalog.workflowCommands(),
                    pipeline.id(),
                    EventSerdes.WORKFLOW_COMMAND.serialize(
                            null, WorkflowCommand.start("it-1", pipeline.id(), "it", CLOCK.instant())));

            WorkflowEvent ended = awaitEnd(events);

            assertThat(ended.status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
            assertThat(ended.nodes()).extracting(NodeState::status).containsOnly(NodeStatus.SUCCEEDED);
            assertThat(seen.get("transform")).containsExactly(Map.entry("extract", "3 rows"));
            assertThat(seen.get("load"))
                    .containsOnly(Map.entry("extract", "3 rows"), Map.entry("transform", "3 rows transformed"));
            assertThat(nodeEnds(results))
                    .extracting(result -> result.workflow().nodeId())
                    .containsExactlyInAnyOrder("extract", "transform", "load");
        }
    }

    /** The terminal results of workflow nodes' runs, read until the three nodes' or the deadline. */
    private static List<RunResult> nodeEnds(TopicTail<RunResult> results) {
        List<RunResult> ends = new ArrayList<>();
        Instant deadline = CLOCK.instant().plus(DEADLINE);
        while (ends.size() < 3 && CLOCK.instant().isBefore(deadline)) {
            results.poll(POLL).stream()
                    .filter(result ->
                            result.workflow() != null && result.status().isTerminal())
                    .forEach(ends::add);
        }
        return ends;
    }

    private static WorkflowEvent awaitEnd(TopicTail<WorkflowEvent> events) {
        Instant deadline = CLOCK.instant().plus(DEADLINE);
        while (CLOCK.instant().isBefore(deadline)) {
            for (WorkflowEvent event : events.poll(POLL)) {
                if (event.type() == WorkflowEventType.INSTANCE_ENDED) {
                    return event;
                }
            }
        }
        throw new AssertionError("the workflow instance did not end within " + DEADLINE);
    }

    private static void send(KafkaProducer<String, byte[]> producer, String topic, String key, byte[] value)
            throws InterruptedException, ExecutionException, TimeoutException {
        producer.send(new ProducerRecord<>(topic, key, value)).get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
