package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Ties a run to the workflow node it runs: the workflow, the instance, the node and the node's {@code round} (1 for
 * its first run, one more for each RETRY_NODE), and {@code context}, the outputs ({@link RunResult#output()}) of the
 * node's ancestors by node id, nearest ancestors first kept when they do not all fit in {@link #MAX_CONTEXT_CHARS}.
 * Carried from the engine's {@link JobRequest} through {@link FireEvent}, {@link Trigger} and {@link RunResult}
 * unchanged (retries keep it), so that the planner can tell the engine when the node's run ended. The context map
 * is sorted by node id and unmodifiable; absent in JSON means empty. Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowRef(
        String workflowId,
        String instanceId,
        String nodeId,
        int round,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> context) {

    /** The most characters of ancestors' outputs a context carries, keys included: 256 KiB. */
    public static final int MAX_CONTEXT_CHARS = 256 * 1024;

    public WorkflowRef {
        round = Math.max(1, round);
        context = context == null || context.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(context));
    }

    /** The characters {@code context} counts against {@link #MAX_CONTEXT_CHARS}: keys and values. */
    public static long contextChars(Map<String, String> context) {
        long chars = 0;
        for (Map.Entry<String, String> entry : context.entrySet()) {
            chars += entry.getKey().length()
                    + (entry.getValue() == null ? 0 : entry.getValue().length());
        }
        return chars;
    }
}
