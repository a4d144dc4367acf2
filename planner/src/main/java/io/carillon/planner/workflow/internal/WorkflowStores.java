package io.carillon.planner.workflow.internal;

import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The workflow engine's state stores, all persistent and backed by a changelog topic, so that every change is part
 * of the engine's exactly-once transaction:
 * <ul>
 *   <li>{@value #DEFINITIONS}: workflow id → the latest valid {@code WorkflowDefinition} (JSON);</li>
 *   <li>{@value #STATES}: workflow id → {@link WorkflowState} (JSON): next scheduled instant, running, queued and
 *       ended instance ids, recent START command ids;</li>
 *   <li>{@value #INSTANCES}: instance id → {@link InstanceRecord} (JSON), with the definition it runs;</li>
 *   <li>{@value #OUTPUTS}: {@code <instance id>/<node id>} → the output the node's run put;</li>
 *   <li>{@value #DUE}: {@code <zero-padded epoch millis>|<workflow id>} → workflow id, the next scheduled instants
 *       in time order, so a punctuation reads only what is due.</li>
 * </ul>
 */
public final class WorkflowStores {

    public static final String DEFINITIONS = "workflow-definitions";
    public static final String STATES = "workflow-states";
    public static final String INSTANCES = "workflow-instances";
    public static final String OUTPUTS = "workflow-outputs";
    public static final String DUE = "workflow-due";

    private WorkflowStores() {}

    public static List<StoreBuilder<?>> builders() {
        return List.of(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(DEFINITIONS), Serdes.String(), Serdes.ByteArray()),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(STATES), Serdes.String(), Serdes.ByteArray()),
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(INSTANCES), Serdes.String(), Serdes.ByteArray()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(OUTPUTS), Serdes.String(), Serdes.String()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(DUE), Serdes.String(), Serdes.String()));
    }
}
