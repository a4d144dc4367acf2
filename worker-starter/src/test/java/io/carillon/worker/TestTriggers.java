package io.carillon.worker;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Builds triggers and writes them (or any bytes) to a trigger topic, as the dispatcher would. */
public final class TestTriggers implements AutoCloseable {

    public static final Instant SCHEDULED_AT = Instant.parse("2030-01-01T09:00:00Z");
    /** A worker clock just after {@link #SCHEDULED_AT}, so that the triggers built here are due at once. */
    public static final Clock DUE_CLOCK = Clock.fixed(SCHEDULED_AT.plusSeconds(2), ZoneOffset.UTC);

    private final KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
            Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    TestKafka.bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG,
                    "all"),
            new StringSerializer(),
            new ByteArraySerializer());

    public static Trigger trigger(String app, String jobId, String handler, String params) {
        return trigger(app, jobId, handler, params, 0);
    }

    public static Trigger trigger(String app, String jobId, String handler, String params, long timeoutMs) {
        String fireId = FireIds.scheduled(jobId, SCHEDULED_AT);
        return new Trigger(
                Trigger.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                app,
                handler,
                params,
                FireKind.SCHEDULED,
                1,
                SCHEDULED_AT,
                SCHEDULED_AT,
                0,
                1,
                BlockStrategy.PARALLEL,
                timeoutMs,
                null,
                null);
    }

    /**
     * A manual run {@code name} of {@code jobId}: run id {@code <name>#0}, fire id and params {@code name}, so that
     * several runs of one job can be told apart.
     */
    public static Trigger manual(
            String app, String jobId, String name, String handler, BlockStrategy strategy, long timeoutMs) {
        return new Trigger(
                Trigger.SCHEMA_VERSION,
                FireIds.runId(name, 0),
                name,
                jobId,
                app,
                handler,
                name,
                FireKind.MANUAL,
                1,
                SCHEDULED_AT,
                SCHEDULED_AT,
                0,
                1,
                strategy,
                timeoutMs,
                null,
                null);
    }

    /** Sends to the partition of the run id's key. */
    public void send(String topic, Trigger trigger) {
        send(topic, null, trigger.runId(), EventSerdes.TRIGGER.serialize(topic, trigger));
    }

    /** Sends to one partition, so that records keep their order. */
    public void send(String topic, int partition, Trigger trigger) {
        send(topic, partition, trigger.runId(), EventSerdes.TRIGGER.serialize(topic, trigger));
    }

    public void send(String topic, Integer partition, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, partition, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not send a test record to " + topic, e);
        }
    }

    /** Writes a kill request for {@code runId} to {@code control}, keyed by the run id, on partition 0. */
    public void kill(String controlTopic, String app, String runId, String commandId) {
        ControlCommand command = new ControlCommand(
                ControlCommand.SCHEMA_VERSION,
                commandId,
                ControlType.KILL,
                runId,
                null,
                app,
                null,
                "ada",
                SCHEDULED_AT);
        send(controlTopic, 0, runId, EventSerdes.CONTROL.serialize(controlTopic, command));
    }

    /**
     * The statuses reported for {@code runId}, in order, without its claim (the STARTED without {@code startedAt}
     * the trigger loop writes before it takes the run; {@code TriggerLoopTest} and {@link #isClaim} cover it).
     */
    public static List<RunStatus> statuses(List<RunResult> results, String runId) {
        return results.stream()
                .filter(result -> result.runId().equals(runId) && !isClaim(result))
                .map(RunResult::status)
                .toList();
    }

    /** Whether {@code result} is a worker's claim on its run: a STARTED without {@code startedAt}. */
    public static boolean isClaim(RunResult result) {
        return result.status() == RunStatus.STARTED && result.startedAt() == null;
    }

    /**
     * The statuses of one run without a STARTED that its terminal result may have made redundant (the worker leaves
     * out a STARTED still queued when the terminal result comes): a run that ended reads as its terminal status
     * alone, whether or not its STARTED was sent.
     */
    public static List<RunStatus> endedWithoutStarted(List<RunStatus> statuses) {
        boolean ended = !statuses.isEmpty() && statuses.get(statuses.size() - 1).isTerminal();
        if (ended && statuses.size() == 2 && statuses.get(0) == RunStatus.STARTED) {
            return List.of(statuses.get(1));
        }
        return statuses;
    }

    /** The terminal result of {@code runId}, or null. */
    public static RunResult terminal(List<RunResult> results, String runId) {
        return results.stream()
                .filter(result ->
                        result.runId().equals(runId) && result.status().isTerminal())
                .findFirst()
                .orElse(null);
    }

    @Override
    public void close() {
        producer.close();
    }
}
