package io.carillon.planner.limits;

import io.carillon.planner.limits.internal.LimiterNames;
import io.carillon.planner.limits.internal.LimiterProcessor;
import io.carillon.planner.limits.internal.LimiterStores;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;

/**
 * The limiter, which enforces concurrency limits, as a sub-topology of its own: {@code limit.commands} (key limit
 * name, so one task owns each limit) feeds one processor that keeps, per limit, the fires holding a slot and the FIFO
 * queue of fires waiting for one, and reads the limits' definitions from a global store the planner feeds from the
 * compacted {@code limits} topic.
 * On ACQUIRE it grants a slot while fewer than the limit's {@code max} hold one (the fire goes back to {@code fires},
 * marked granted), else follows the fire's {@code whenBusy}: WAIT queues it and writes a WAITING result naming the
 * limit to {@code results}, SKIP and FAIL write a SKIPPED or FAILED result. On RELEASE it frees the fire's slot (or
 * place in the queue) and grants the queue's head. A limit that is not defined grants every fire at once; a punctuator
 * grants waiting fires when a limit's {@code max} grew or it was deleted. The planner adds it to its own topology, so
 * it runs in the planner's exactly-once transactions; tests drive it with {@code TopologyTestDriver}.
 */
public final class LimiterTopology {

    /** How often the limiter looks for waiting fires that a changed limit lets through. */
    public static final Duration RECHECK_INTERVAL = Duration.ofSeconds(1);

    private LimiterTopology() {}

    /**
     * Adds the limiter to {@code topology}, reading time from {@code clock}; its punctuator runs only while
     * {@code punctuationAllowed} says true. {@code limitStore} names a global store of the limits' definitions
     * (limit id → {@code ConcurrencyLimit} JSON, fed by the {@code limits} topic) the topology already has.
     */
    public static void addTo(
            Topology topology,
            TopicCatalog catalog,
            Clock clock,
            BooleanSupplier punctuationAllowed,
            String limitStore) {
        StringDeserializer keys = new StringDeserializer();
        ByteArrayDeserializer values = new ByteArrayDeserializer();
        topology.addSource(
                AutoOffsetReset.earliest(), LimiterNames.COMMANDS_SOURCE, keys, values, catalog.limitCommands());
        topology.addProcessor(
                LimiterNames.LIMITER,
                () -> new LimiterProcessor(clock, RECHECK_INTERVAL, punctuationAllowed, limitStore),
                LimiterNames.COMMANDS_SOURCE);
        topology.addStateStore(LimiterStores.states(), LimiterNames.LIMITER);
        StringSerializer keySerializer = new StringSerializer();
        topology.addSink(
                LimiterNames.FIRES_SINK, catalog.fires(), keySerializer, EventSerdes.FIRE, LimiterNames.LIMITER);
        topology.addSink(
                LimiterNames.RESULTS_SINK, catalog.results(), keySerializer, EventSerdes.RESULT, LimiterNames.LIMITER);
        topology.addSink(
                LimiterNames.DLQ_SINK, catalog.dlq(), keySerializer, EventSerdes.DEAD_LETTER, LimiterNames.LIMITER);
    }
}
