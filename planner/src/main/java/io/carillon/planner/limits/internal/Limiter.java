package io.carillon.planner.limits.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WhenBusy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The limiter's rules over one task's limits ({@link LimiterProcessor}): ACQUIRE grants, queues, skips or fails a
 * fire; RELEASE frees its slot and grants the queue's head; WITHDRAW takes a disabled, paused or deleted job's
 * waiting fires out of the queue, each ending SKIPPED; {@link #recheck} grants what a changed limit lets through. A limit without a definition grants at once, and its holders are still counted, so that defining it later
 * counts the runs it already has. At most {@link #MAX_QUEUE} fires wait per limit; a fire beyond ends SKIPPED. Used
 * by one stream task's thread only.
 */
final class Limiter {

    /** The most fires that wait for one limit (a limit's state is one record of its changelog). */
    static final int MAX_QUEUE = 500;

    private static final Logger log = LoggerFactory.getLogger(Limiter.class);
    private static final JsonSerde<LimitState> STATE = JsonSerde.of(LimitState.class);

    /** Where the limiter's records go: a key, a value and the sink node's name. */
    @FunctionalInterface
    interface Sink {
        void forward(String key, Object value, String sink);
    }

    private final KeyValueStore<String, byte[]> states;
    private final ReadOnlyKeyValueStore<String, byte[]> definitions;
    private final Sink sink;

    Limiter(KeyValueStore<String, byte[]> states, ReadOnlyKeyValueStore<String, byte[]> definitions, Sink sink) {
        this.states = states;
        this.definitions = definitions;
        this.sink = sink;
    }

    void apply(LimitCommand command, Instant now) {
        String name = command.limit();
        LimitState state = state(name);
        LimitState after = switch (command.type()) {
            case ACQUIRE -> acquire(name, state, command.fire(), now);
            case RELEASE -> grantWhileFree(name, state.release(command.fireId()), now);
            case WITHDRAW -> withdraw(name, state, command, now);
        };
        save(name, after);
    }

    /** The fires of the command's job (of its kind, if it names one) leave the queue, each ending SKIPPED. */
    private LimitState withdraw(String name, LimitState state, LimitCommand command, Instant now) {
        List<FireEvent> gone = state.queue().stream()
                .filter(fire -> fire.jobId().equals(command.jobId()))
                .filter(fire -> command.kind() == null || fire.kind() == command.kind())
                .toList();
        LimitState current = state;
        for (FireEvent fire : gone) {
            String why = command.reason() == null ? "its job changed" : command.reason();
            result(RunResult.ofUnrunFire(
                    fire,
                    RunStatus.SKIPPED,
                    "withdrawn from the queue of concurrency limit '" + name + "': " + why,
                    now));
            current = current.release(fire.fireId());
        }
        return grantWhileFree(name, current, now);
    }

    /**
     * Grants the waiting fires of every limit of this task that has a free slot now; returns whether a fire still
     * waits in a queue of this task (a limit raised later could grant it).
     */
    boolean recheck(Instant now) {
        List<KeyValue<String, LimitState>> grantable = new ArrayList<>();
        boolean[] queued = {false};
        try (KeyValueIterator<String, byte[]> all = states.all()) {
            all.forEachRemaining(entry -> {
                LimitState state = STATE.deserialize(null, entry.value);
                if (state.queue().isEmpty()) {
                    return;
                }
                if (state.holders().size() < max(entry.key)) {
                    grantable.add(KeyValue.pair(entry.key, state));
                } else {
                    queued[0] = true;
                }
            });
        }
        for (KeyValue<String, LimitState> entry : grantable) {
            LimitState after = grantWhileFree(entry.key, entry.value, now);
            save(entry.key, after);
            queued[0] |= !after.queue().isEmpty();
        }
        return queued[0];
    }

    private LimitState acquire(String name, LimitState state, FireEvent fire, Instant now) {
        if (state.knows(fire.fireId())) {
            log.debug(
                    "fire {} already holds, waits for or released limit {}; ignoring its ACQUIRE", fire.fireId(), name);
            return state;
        }
        int max = max(name);
        if (state.holders().size() < max) {
            grant(fire, now);
            return state.hold(fire.fireId());
        }
        String held = state.holders().size() + " of " + max + " held";
        WhenBusy whenBusy = fire.limit().whenBusy();
        if (whenBusy == WhenBusy.WAIT && state.queue().size() < MAX_QUEUE) {
            String message = "waiting for concurrency limit '" + name + "' (" + held + ", "
                    + state.queue().size() + " waiting ahead)";
            result(RunResult.waiting(fire, message, now));
            return state.enqueue(fire);
        }
        RunStatus status = whenBusy == WhenBusy.FAIL ? RunStatus.FAILED : RunStatus.SKIPPED;
        String why =
                whenBusy == WhenBusy.WAIT ? "its queue already holds " + MAX_QUEUE + " fires" : "whenBusy " + whenBusy;
        result(RunResult.ofUnrunFire(
                fire, status, "concurrency limit '" + name + "' is fully held (" + held + "); " + why, now));
        return state;
    }

    private LimitState grantWhileFree(String name, LimitState state, Instant now) {
        int max = max(name);
        LimitState current = state;
        while (!current.queue().isEmpty() && current.holders().size() < max) {
            grant(current.queue().get(0), now);
            current = current.grantHead();
        }
        return current;
    }

    /** The fire, granted, back on {@code fires}: due at its own instant if that is still ahead, else now. */
    private void grant(FireEvent fire, Instant now) {
        Instant due = fire.dueAt().isAfter(now) ? fire.dueAt() : now;
        sink.forward(fire.jobId(), fire.withLimit(fire.limit().grant()).dueAt(due), LimiterNames.FIRES_SINK);
    }

    private void result(RunResult result) {
        sink.forward(result.jobId(), result, LimiterNames.RESULTS_SINK);
    }

    /** The limit's {@code max}; unbounded when it is not defined. */
    private int max(String name) {
        byte[] value = definitions.get(name);
        return value == null
                ? Integer.MAX_VALUE
                : EventSerdes.LIMIT.deserialize(null, value).max();
    }

    private LimitState state(String name) {
        byte[] value = states.get(name);
        return value == null ? LimitState.empty() : STATE.deserialize(null, value);
    }

    private void save(String name, LimitState state) {
        if (state.isEmpty()) {
            states.delete(name);
        } else {
            states.put(name, STATE.serialize(null, state));
        }
    }
}
