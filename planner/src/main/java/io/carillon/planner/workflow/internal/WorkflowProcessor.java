package io.carillon.planner.workflow.internal;

import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.streams.OnDemandPunctuation;
import io.carillon.topics.CalendarCache;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.WorkflowValidator;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The workflow engine's processor, fed by {@code workflows} and {@code workflow.commands} (co-partitioned, key
 * workflow id, values as raw bytes parsed here so that a bad record becomes a dead letter instead of stopping the
 * task), with a wall-clock punctuator that starts the instances schedules made due (it does nothing while
 * {@code punctuationAllowed} says false, and sleeps until the earliest scheduled start, {@link OnDemandPunctuation}). One instance per stream task; Kafka Streams calls it from that task's
 * thread only.
 */
public final class WorkflowProcessor implements Processor<String, byte[], String, Object> {

    static final String COMPONENT = "workflow-engine";

    private final TopicCatalog catalog;
    private final Clock clock;
    private final WorkflowSettings settings;
    private final BooleanSupplier punctuationAllowed;
    private final String calendarStore;
    private ProcessorContext<String, Object> context;
    private EngineOutput output;
    private Engine engine;
    private OnDemandPunctuation punctuation;

    /** A processor reading calendars from the global store {@code calendarStore} (null: schedules use none). */
    public WorkflowProcessor(
            TopicCatalog catalog,
            Clock clock,
            WorkflowSettings settings,
            BooleanSupplier punctuationAllowed,
            String calendarStore) {
        this.catalog = catalog;
        this.clock = clock;
        this.settings = settings;
        this.punctuationAllowed = punctuationAllowed;
        this.calendarStore = calendarStore;
    }

    @Override
    public void init(ProcessorContext<String, Object> context) {
        this.context = context;
        output = new EngineOutput(context, clock);
        KeyValueStore<String, String> dueStore = context.getStateStore(WorkflowStores.DUE);
        ScheduledStarts schedules;
        if (calendarStore == null) {
            schedules = new ScheduledStarts(id -> null);
        } else {
            ReadOnlyKeyValueStore<String, byte[]> calendars = context.getStateStore(calendarStore);
            schedules = new ScheduledStarts(new CalendarCache(calendars::get));
        }
        engine = new Engine(settings, new EngineStores(context), new DueIndex(dueStore), output, schedules);
        punctuation =
                OnDemandPunctuation.schedule(context, clock.instant(), settings.punctuateInterval(), timestamp -> {
                    if (punctuationAllowed.getAsBoolean()) {
                        Instant now = clock.instant();
                        engine.punctuate(now);
                        punctuation.sleepUntil(now, engine.nextDue());
                    }
                });
    }

    @Override
    public void process(Record<String, byte[]> record) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        punctuation.stayAwake(clock.instant());
        try {
            if (source.topic().equals(catalog.workflows())) {
                define(source.topic(), record.key(), record.value());
            } else {
                command(source.topic(), record.key(), record.value());
            }
        } catch (InvalidEventException | RejectedCommandException e) {
            output.deadLetter(
                    record.key(),
                    DeadLetter.of(
                            source.topic(),
                            source.partition(),
                            source.offset(),
                            record.key(),
                            record.value(),
                            e.getMessage(),
                            COMPONENT,
                            clock.instant()));
        }
    }

    private void define(String topic, String key, byte[] value) {
        if (value == null) {
            engine.delete(key, clock.instant());
            return;
        }
        WorkflowDefinition definition = EventSerdes.WORKFLOW.deserialize(topic, value);
        reject(WorkflowValidator.validate(definition));
        if (!definition.id().equals(key)) {
            throw new RejectedCommandException(
                    "id: '" + definition.id() + "' does not match the record key '" + key + "'");
        }
        engine.define(definition, clock.instant());
    }

    private void command(String topic, String key, byte[] value) {
        if (value == null) {
            throw new RejectedCommandException(
                    "value: is required; a tombstone means nothing on the workflow commands topic");
        }
        WorkflowCommand command = EventSerdes.WORKFLOW_COMMAND.deserialize(topic, value);
        reject(WorkflowValidator.validate(command));
        if (!command.workflowId().equals(key)) {
            throw new RejectedCommandException(
                    "workflowId: '" + command.workflowId() + "' does not match the record key '" + key + "'");
        }
        engine.apply(command, clock.instant());
    }

    private static void reject(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw new RejectedCommandException(
                    errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
        }
    }
}
