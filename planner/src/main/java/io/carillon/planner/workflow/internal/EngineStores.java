package io.carillon.planner.workflow.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.JsonSerde;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;

/** Typed access to the stores of {@link WorkflowStores}. Used by one stream task's thread only. */
final class EngineStores {

    private static final JsonSerde<WorkflowState> STATE = JsonSerde.of(WorkflowState.class);
    private static final JsonSerde<InstanceRecord> INSTANCE = JsonSerde.of(InstanceRecord.class);

    private final KeyValueStore<String, byte[]> definitions;
    private final KeyValueStore<String, byte[]> states;
    private final KeyValueStore<String, byte[]> instances;
    private final KeyValueStore<String, String> outputs;

    EngineStores(ProcessorContext<?, ?> context) {
        this.definitions = context.getStateStore(WorkflowStores.DEFINITIONS);
        this.states = context.getStateStore(WorkflowStores.STATES);
        this.instances = context.getStateStore(WorkflowStores.INSTANCES);
        this.outputs = context.getStateStore(WorkflowStores.OUTPUTS);
    }

    WorkflowDefinition definition(String workflowId) {
        byte[] value = definitions.get(workflowId);
        return value == null ? null : EventSerdes.WORKFLOW.deserialize(null, value);
    }

    void putDefinition(WorkflowDefinition definition) {
        definitions.put(definition.id(), EventSerdes.WORKFLOW.serialize(null, definition));
    }

    void deleteDefinition(String workflowId) {
        definitions.delete(workflowId);
    }

    WorkflowState state(String workflowId) {
        byte[] value = states.get(workflowId);
        return value == null ? WorkflowState.empty(workflowId) : STATE.deserialize(null, value);
    }

    void putState(WorkflowState state) {
        states.put(state.workflowId(), STATE.serialize(null, state));
    }

    void deleteState(String workflowId) {
        states.delete(workflowId);
    }

    Instance instance(String instanceId) {
        byte[] value = instances.get(instanceId);
        return value == null ? null : Instance.of(INSTANCE.deserialize(null, value));
    }

    void putInstance(Instance instance) {
        instances.put(instance.id(), INSTANCE.serialize(null, instance.toRecord()));
    }

    /** Forgets the instance and its nodes' outputs. */
    void deleteInstance(String instanceId) {
        Instance instance = instance(instanceId);
        if (instance == null) {
            return;
        }
        for (WorkflowNode node : instance.definition().nodes()) {
            outputs.delete(outputKey(instanceId, node.id()));
        }
        instances.delete(instanceId);
    }

    String output(String instanceId, String nodeId) {
        return outputs.get(outputKey(instanceId, nodeId));
    }

    void putOutput(String instanceId, String nodeId, String output) {
        if (output == null) {
            outputs.delete(outputKey(instanceId, nodeId));
        } else {
            outputs.put(outputKey(instanceId, nodeId), output);
        }
    }

    private static String outputKey(String instanceId, String nodeId) {
        return instanceId + "/" + nodeId;
    }
}
