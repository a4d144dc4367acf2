package io.carillon.topics.internal;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/** {@link Trigger} as JSON, written and read without databind's bean machinery. */
final class TriggerJson {

    private static final SerializableString WORKFLOW = new SerializedString("workflow");
    private static final SerializableString SCHEMA_VERSION = new SerializedString("schemaVersion");
    private static final SerializableString RUN_ID = new SerializedString("runId");
    private static final SerializableString FIRE_ID = new SerializedString("fireId");
    private static final SerializableString JOB_ID = new SerializedString("jobId");
    private static final SerializableString APP = new SerializedString("app");
    private static final SerializableString HANDLER = new SerializedString("handler");
    private static final SerializableString PARAMS = new SerializedString("params");
    private static final SerializableString KIND = new SerializedString("kind");
    private static final SerializableString ATTEMPT = new SerializedString("attempt");
    private static final SerializableString SCHEDULED_AT = new SerializedString("scheduledAt");
    private static final SerializableString DISPATCHED_AT = new SerializedString("dispatchedAt");
    private static final SerializableString SHARD_INDEX = new SerializedString("shardIndex");
    private static final SerializableString SHARD_TOTAL = new SerializedString("shardTotal");
    private static final SerializableString BLOCK_STRATEGY = new SerializedString("blockStrategy");
    private static final SerializableString TIMEOUT_MS = new SerializedString("timeoutMs");
    private static final SerializableString TARGET_INSTANCE = new SerializedString("targetInstance");
    private static final SerializableString PARENT_RUN_ID = new SerializedString("parentRunId");
    private static final SerializableString DUE_AT = new SerializedString("dueAt");
    private static final SerializableString LIMIT = new SerializedString("limit");
    private static final FireKind[] KINDS = FireKind.values();
    private static final BlockStrategy[] BLOCK_STRATEGIES = BlockStrategy.values();

    private TriggerJson() {}

    static final class Writer extends ValueSerializer<Trigger> {
        @Override
        public void serialize(Trigger value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            generator.writeStartObject(value);
            NonNullProperties.intValue(generator, SCHEMA_VERSION, value.schemaVersion());
            NonNullProperties.string(generator, RUN_ID, value.runId());
            NonNullProperties.string(generator, FIRE_ID, value.fireId());
            NonNullProperties.string(generator, JOB_ID, value.jobId());
            NonNullProperties.string(generator, APP, value.app());
            NonNullProperties.string(generator, HANDLER, value.handler());
            NonNullProperties.string(generator, PARAMS, value.params());
            NonNullProperties.enumName(generator, KIND, value.kind());
            NonNullProperties.intValue(generator, ATTEMPT, value.attempt());
            NonNullProperties.instant(generator, SCHEDULED_AT, value.scheduledAt());
            NonNullProperties.instant(generator, DISPATCHED_AT, value.dispatchedAt());
            NonNullProperties.intValue(generator, SHARD_INDEX, value.shardIndex());
            NonNullProperties.intValue(generator, SHARD_TOTAL, value.shardTotal());
            NonNullProperties.enumName(generator, BLOCK_STRATEGY, value.blockStrategy());
            NonNullProperties.longValue(generator, TIMEOUT_MS, value.timeoutMs());
            NonNullProperties.string(generator, TARGET_INSTANCE, value.targetInstance());
            NonNullProperties.string(generator, PARENT_RUN_ID, value.parentRunId());
            NonNullProperties.instant(generator, DUE_AT, value.dueAt());
            if (value.workflow() != null) {
                generator.writeName(WORKFLOW);
                context.writeValue(generator, value.workflow());
            }
            NonNullProperties.string(generator, LIMIT, value.limit());
            generator.writeEndObject();
        }
    }

    static final class Fields implements RecordFields<Trigger> {
        private int schemaVersion;
        private String runId;
        private String fireId;
        private String jobId;
        private String app;
        private String handler;
        private String params;
        private FireKind kind;
        private int attempt;
        private Instant scheduledAt;
        private Instant dispatchedAt;
        private int shardIndex;
        private int shardTotal;
        private BlockStrategy blockStrategy;
        private long timeoutMs;
        private String targetInstance;
        private String parentRunId;
        private Instant dueAt;
        private WorkflowRef workflow;
        private String limit;

        @Override
        public boolean read(String name, JsonParser parser, DeserializationContext context) throws JacksonException {
            switch (name) {
                case "schemaVersion" -> schemaVersion = FieldValues.intValue(parser, context);
                case "runId" -> runId = FieldValues.string(parser, context);
                case "fireId" -> fireId = FieldValues.string(parser, context);
                case "jobId" -> jobId = FieldValues.string(parser, context);
                case "app" -> app = FieldValues.string(parser, context);
                case "handler" -> handler = FieldValues.string(parser, context);
                case "params" -> params = FieldValues.string(parser, context);
                case "kind" -> kind = FieldValues.enumValue(parser, context, FireKind.class, KINDS);
                case "attempt" -> attempt = FieldValues.intValue(parser, context);
                case "scheduledAt" -> scheduledAt = FieldValues.instant(parser, context);
                case "dispatchedAt" -> dispatchedAt = FieldValues.instant(parser, context);
                case "shardIndex" -> shardIndex = FieldValues.intValue(parser, context);
                case "shardTotal" -> shardTotal = FieldValues.intValue(parser, context);
                case "blockStrategy" ->
                    blockStrategy = FieldValues.enumValue(parser, context, BlockStrategy.class, BLOCK_STRATEGIES);
                case "timeoutMs" -> timeoutMs = FieldValues.longValue(parser, context);
                case "targetInstance" -> targetInstance = FieldValues.string(parser, context);
                case "parentRunId" -> parentRunId = FieldValues.string(parser, context);
                case "dueAt" -> dueAt = FieldValues.instant(parser, context);
                case "workflow" -> workflow = FieldValues.workflowRef(parser, context);
                case "limit" -> limit = FieldValues.string(parser, context);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Trigger build() {
            return new Trigger(
                    schemaVersion,
                    runId,
                    fireId,
                    jobId,
                    app,
                    handler,
                    params,
                    kind,
                    attempt,
                    scheduledAt,
                    dispatchedAt,
                    shardIndex,
                    shardTotal,
                    blockStrategy,
                    timeoutMs,
                    targetInstance,
                    parentRunId,
                    dueAt,
                    workflow,
                    limit);
        }
    }
}
