package io.carillon.topics.internal;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LimitClaim;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/** {@link FireEvent} as JSON, written and read without databind's bean machinery. */
final class FireEventJson {

    private static final SerializableString WORKFLOW = new SerializedString("workflow");
    private static final SerializableString LIMIT = new SerializedString("limit");
    private static final SerializableString SCHEMA_VERSION = new SerializedString("schemaVersion");
    private static final SerializableString ACTION = new SerializedString("action");
    private static final SerializableString FIRE_ID = new SerializedString("fireId");
    private static final SerializableString JOB_ID = new SerializedString("jobId");
    private static final SerializableString JOB_VERSION = new SerializedString("jobVersion");
    private static final SerializableString APP = new SerializedString("app");
    private static final SerializableString HANDLER = new SerializedString("handler");
    private static final SerializableString SCHEDULED_AT = new SerializedString("scheduledAt");
    private static final SerializableString KIND = new SerializedString("kind");
    private static final SerializableString ATTEMPT = new SerializedString("attempt");
    private static final SerializableString PARAMS = new SerializedString("params");
    private static final SerializableString ROUTING = new SerializedString("routing");
    private static final SerializableString PINNED_INSTANCES = new SerializedString("pinnedInstances");
    private static final SerializableString BLOCK_STRATEGY = new SerializedString("blockStrategy");
    private static final SerializableString TIMEOUT_MS = new SerializedString("timeoutMs");
    private static final SerializableString MISFIRE = new SerializedString("misfire");
    private static final SerializableString PARENT_RUN_ID = new SerializedString("parentRunId");
    private static final SerializableString EMITTED_AT = new SerializedString("emittedAt");
    private static final SerializableString DUE_AT = new SerializedString("dueAt");
    private static final SerializableString SHARD_INDEX = new SerializedString("shardIndex");
    private static final SerializableString SHARD_TOTAL = new SerializedString("shardTotal");
    private static final FireAction[] ACTIONS = FireAction.values();
    private static final FireKind[] KINDS = FireKind.values();
    private static final RoutingStrategy[] ROUTINGS = RoutingStrategy.values();
    private static final BlockStrategy[] BLOCK_STRATEGIES = BlockStrategy.values();

    private FireEventJson() {}

    static final class Writer extends ValueSerializer<FireEvent> {
        @Override
        public void serialize(FireEvent value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            generator.writeStartObject(value);
            NonNullProperties.intValue(generator, SCHEMA_VERSION, value.schemaVersion());
            NonNullProperties.enumName(generator, ACTION, value.action());
            NonNullProperties.string(generator, FIRE_ID, value.fireId());
            NonNullProperties.string(generator, JOB_ID, value.jobId());
            NonNullProperties.longValue(generator, JOB_VERSION, value.jobVersion());
            NonNullProperties.string(generator, APP, value.app());
            NonNullProperties.string(generator, HANDLER, value.handler());
            NonNullProperties.instant(generator, SCHEDULED_AT, value.scheduledAt());
            NonNullProperties.enumName(generator, KIND, value.kind());
            NonNullProperties.intValue(generator, ATTEMPT, value.attempt());
            NonNullProperties.string(generator, PARAMS, value.params());
            NonNullProperties.enumName(generator, ROUTING, value.routing());
            NonNullProperties.stringList(generator, PINNED_INSTANCES, value.pinnedInstances());
            NonNullProperties.enumName(generator, BLOCK_STRATEGY, value.blockStrategy());
            NonNullProperties.longValue(generator, TIMEOUT_MS, value.timeoutMs());
            if (value.misfire() != null) {
                generator.writeName(MISFIRE);
                MisfirePolicyJson.write(value.misfire(), generator);
            }
            NonNullProperties.string(generator, PARENT_RUN_ID, value.parentRunId());
            NonNullProperties.instant(generator, EMITTED_AT, value.emittedAt());
            NonNullProperties.instant(generator, DUE_AT, value.dueAt());
            NonNullProperties.integer(generator, SHARD_INDEX, value.shardIndex());
            NonNullProperties.intValue(generator, SHARD_TOTAL, value.shardTotal());
            if (value.workflow() != null) {
                generator.writeName(WORKFLOW);
                context.writeValue(generator, value.workflow());
            }
            if (value.limit() != null) {
                generator.writeName(LIMIT);
                context.writeValue(generator, value.limit());
            }
            generator.writeEndObject();
        }
    }

    static final class Fields implements RecordFields<FireEvent> {
        private int schemaVersion;
        private FireAction action;
        private String fireId;
        private String jobId;
        private long jobVersion;
        private String app;
        private String handler;
        private Instant scheduledAt;
        private FireKind kind;
        private int attempt;
        private String params;
        private RoutingStrategy routing;
        private List<String> pinnedInstances;
        private BlockStrategy blockStrategy;
        private long timeoutMs;
        private MisfirePolicy misfire;
        private String parentRunId;
        private Instant emittedAt;
        private Instant dueAt;
        private Integer shardIndex;
        private int shardTotal;
        private WorkflowRef workflow;
        private LimitClaim limit;

        @Override
        public boolean read(String name, JsonParser parser, DeserializationContext context) throws JacksonException {
            switch (name) {
                case "schemaVersion" -> schemaVersion = FieldValues.intValue(parser, context);
                case "action" -> action = FieldValues.enumValue(parser, context, FireAction.class, ACTIONS);
                case "fireId" -> fireId = FieldValues.string(parser, context);
                case "jobId" -> jobId = FieldValues.string(parser, context);
                case "jobVersion" -> jobVersion = FieldValues.longValue(parser, context);
                case "app" -> app = FieldValues.string(parser, context);
                case "handler" -> handler = FieldValues.string(parser, context);
                case "scheduledAt" -> scheduledAt = FieldValues.instant(parser, context);
                case "kind" -> kind = FieldValues.enumValue(parser, context, FireKind.class, KINDS);
                case "attempt" -> attempt = FieldValues.intValue(parser, context);
                case "params" -> params = FieldValues.string(parser, context);
                case "routing" -> routing = FieldValues.enumValue(parser, context, RoutingStrategy.class, ROUTINGS);
                case "pinnedInstances" -> pinnedInstances = FieldValues.stringList(parser, context);
                case "blockStrategy" ->
                    blockStrategy = FieldValues.enumValue(parser, context, BlockStrategy.class, BLOCK_STRATEGIES);
                case "timeoutMs" -> timeoutMs = FieldValues.longValue(parser, context);
                case "misfire" ->
                    misfire = FieldValues.record(parser, context, MisfirePolicy.class, MisfirePolicyJson.Fields::new);
                case "parentRunId" -> parentRunId = FieldValues.string(parser, context);
                case "emittedAt" -> emittedAt = FieldValues.instant(parser, context);
                case "dueAt" -> dueAt = FieldValues.instant(parser, context);
                case "shardIndex" -> shardIndex = FieldValues.integer(parser, context);
                case "shardTotal" -> shardTotal = FieldValues.intValue(parser, context);
                case "workflow" -> workflow = FieldValues.workflowRef(parser, context);
                case "limit" ->
                    limit = parser.hasToken(JsonToken.VALUE_NULL) ? null : context.readValue(parser, LimitClaim.class);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @Override
        public FireEvent build() {
            return new FireEvent(
                    schemaVersion,
                    action,
                    fireId,
                    jobId,
                    jobVersion,
                    app,
                    handler,
                    scheduledAt,
                    kind,
                    attempt,
                    params,
                    routing,
                    pinnedInstances,
                    blockStrategy,
                    timeoutMs,
                    misfire,
                    parentRunId,
                    emittedAt,
                    dueAt,
                    shardIndex,
                    shardTotal,
                    workflow,
                    limit);
        }
    }
}
