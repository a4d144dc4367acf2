package io.carillon.planner.limits.internal;

import io.carillon.streams.OnDemandPunctuation;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.LimitCommand;
import java.time.Clock;
import java.time.Duration;
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
 * The limiter's processor, fed by {@code limit.commands} (key limit name, values as raw bytes parsed here so that a
 * bad record becomes a dead letter instead of stopping the task), with a wall-clock punctuator every
 * {@code recheckInterval} that grants waiting fires a changed limit lets through (it does nothing while
 * {@code punctuationAllowed} says false, and sleeps while no fire of the task waits, {@link OnDemandPunctuation}). One instance per stream task; Kafka Streams calls it from that task's
 * thread only. It reads the limits' definitions from the global store {@code limitStore}.
 */
public final class LimiterProcessor implements Processor<String, byte[], String, Object> {

    static final String COMPONENT = "limiter";

    private final Clock clock;
    private final Duration recheckInterval;
    private final BooleanSupplier punctuationAllowed;
    private final String limitStore;
    private ProcessorContext<String, Object> context;
    private Limiter limiter;
    private OnDemandPunctuation rechecking;

    public LimiterProcessor(
            Clock clock, Duration recheckInterval, BooleanSupplier punctuationAllowed, String limitStore) {
        this.limitStore = limitStore;
        this.clock = clock;
        this.recheckInterval = recheckInterval;
        this.punctuationAllowed = punctuationAllowed;
    }

    @Override
    public void init(ProcessorContext<String, Object> context) {
        this.context = context;
        KeyValueStore<String, byte[]> states = context.getStateStore(LimiterStores.STATES);
        ReadOnlyKeyValueStore<String, byte[]> definitions = context.getStateStore(limitStore);
        limiter = new Limiter(
                states,
                definitions,
                (key, value, sink) -> context.forward(new Record<>(key, value, clock.millis()), sink));
        rechecking = OnDemandPunctuation.schedule(context, clock.instant(), recheckInterval, timestamp -> {
            if (punctuationAllowed.getAsBoolean()) {
                Instant now = clock.instant();
                if (!limiter.recheck(now)) {
                    rechecking.sleepUntil(now, null);
                }
            }
        });
    }

    @Override
    public void process(Record<String, byte[]> record) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        rechecking.stayAwake(clock.instant());
        String problem;
        try {
            if (record.value() == null) {
                problem = "value: is required; a tombstone means nothing on the limit commands topic";
            } else {
                LimitCommand command = EventSerdes.LIMIT_COMMAND.deserialize(source.topic(), record.value());
                List<FieldError> errors = LimitValidator.validate(command, record.key());
                problem = errors.isEmpty()
                        ? null
                        : errors.stream().map(FieldError::toString).collect(Collectors.joining("; "));
                if (problem == null) {
                    limiter.apply(command, clock.instant());
                }
            }
        } catch (InvalidEventException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            DeadLetter letter = DeadLetter.of(
                    source.topic(),
                    source.partition(),
                    source.offset(),
                    record.key(),
                    record.value(),
                    problem,
                    COMPONENT,
                    clock.instant());
            context.forward(new Record<>(record.key(), letter, clock.millis()), LimiterNames.DLQ_SINK);
        }
    }
}
