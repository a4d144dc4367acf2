package io.carillon.topics.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
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

/** {@link RunResult} as JSON, written and read without databind's bean machinery. */
final class RunResultJson {

    private static final SerializableString WORKFLOW = new SerializedString("workflow");
    private static final SerializableString OUTPUT = new SerializedString("output");
    private static final SerializableString LIMIT = new SerializedString("limit");
    private static final SerializableString SCHEMA_VERSION = new SerializedString("schemaVersion");
    private static final SerializableString RUN_ID = new SerializedString("runId");
    private static final SerializableString FIRE_ID = new SerializedString("fireId");
    private static final SerializableString JOB_ID = new SerializedString("jobId");
    private static final SerializableString APP = new SerializedString("app");
    private static final SerializableString HANDLER = new SerializedString("handler");
    private static final SerializableString INSTANCE = new SerializedString("instance");
    private static final SerializableString STATUS = new SerializedString("status");
    private static final SerializableString KIND = new SerializedString("kind");
    private static final SerializableString ATTEMPT = new SerializedString("attempt");
    private static final SerializableString SHARD_INDEX = new SerializedString("shardIndex");
    private static final SerializableString SHARD_TOTAL = new SerializedString("shardTotal");
    private static final SerializableString SCHEDULED_AT = new SerializedString("scheduledAt");
    private static final SerializableString STARTED_AT = new SerializedString("startedAt");
    private static final SerializableString FINISHED_AT = new SerializedString("finishedAt");
    private static final SerializableString MESSAGE = new SerializedString("message");
    private static final SerializableString ERROR_CLASS = new SerializedString("errorClass");
    private static final SerializableString PROGRESS = new SerializedString("progress");
    private static final SerializableString EMITTED_AT = new SerializedString("emittedAt");
    private static final SerializableString PARAMS = new SerializedString("params");
    private static final SerializableString PARENT_RUN_ID = new SerializedString("parentRunId");
    private static final RunStatus[] STATUSES = RunStatus.values();
    private static final FireKind[] KINDS = FireKind.values();

    private RunResultJson() {}

    static final class Writer extends ValueSerializer<RunResult> {
        @Override
        public void serialize(RunResult value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            generator.writeStartObject(value);
            NonNullProperties.intValue(generator, SCHEMA_VERSION, value.schemaVersion());
            NonNullProperties.string(generator, RUN_ID, value.runId());
            NonNullProperties.string(generator, FIRE_ID, value.fireId());
            NonNullProperties.string(generator, JOB_ID, value.jobId());
            NonNullProperties.string(generator, APP, value.app());
            NonNullProperties.string(generator, HANDLER, value.handler());
            NonNullProperties.string(generator, INSTANCE, value.instance());
            NonNullProperties.enumName(generator, STATUS, value.status());
            NonNullProperties.enumName(generator, KIND, value.kind());
            NonNullProperties.intValue(generator, ATTEMPT, value.attempt());
            NonNullProperties.intValue(generator, SHARD_INDEX, value.shardIndex());
            NonNullProperties.intValue(generator, SHARD_TOTAL, value.shardTotal());
            NonNullProperties.instant(generator, SCHEDULED_AT, value.scheduledAt());
            NonNullProperties.instant(generator, STARTED_AT, value.startedAt());
            NonNullProperties.instant(generator, FINISHED_AT, value.finishedAt());
            NonNullProperties.string(generator, MESSAGE, value.message());
            NonNullProperties.string(generator, ERROR_CLASS, value.errorClass());
            if (value.progress() != null) {
                generator.writeName(PROGRESS);
                ProgressJson.write(value.progress(), generator);
            }
            NonNullProperties.instant(generator, EMITTED_AT, value.emittedAt());
            NonNullProperties.string(generator, PARAMS, value.params());
            NonNullProperties.string(generator, PARENT_RUN_ID, value.parentRunId());
            if (value.workflow() != null) {
                generator.writeName(WORKFLOW);
                context.writeValue(generator, value.workflow());
            }
            NonNullProperties.string(generator, OUTPUT, value.output());
            NonNullProperties.string(generator, LIMIT, value.limit());
            generator.writeEndObject();
        }
    }

    static final class Fields implements RecordFields<RunResult> {
        private int schemaVersion;
        private String runId;
        private String fireId;
        private String jobId;
        private String app;
        private String handler;
        private String instance;
        private RunStatus status;
        private FireKind kind;
        private int attempt;
        private int shardIndex;
        private int shardTotal;
        private Instant scheduledAt;
        private Instant startedAt;
        private Instant finishedAt;
        private String message;
        private String errorClass;
        private Progress progress;
        private Instant emittedAt;
        private String params;
        private String parentRunId;
        private WorkflowRef workflow;
        private String output;
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
                case "instance" -> instance = FieldValues.string(parser, context);
                case "status" -> status = FieldValues.enumValue(parser, context, RunStatus.class, STATUSES);
                case "kind" -> kind = FieldValues.enumValue(parser, context, FireKind.class, KINDS);
                case "attempt" -> attempt = FieldValues.intValue(parser, context);
                case "shardIndex" -> shardIndex = FieldValues.intValue(parser, context);
                case "shardTotal" -> shardTotal = FieldValues.intValue(parser, context);
                case "scheduledAt" -> scheduledAt = FieldValues.instant(parser, context);
                case "startedAt" -> startedAt = FieldValues.instant(parser, context);
                case "finishedAt" -> finishedAt = FieldValues.instant(parser, context);
                case "message" -> message = FieldValues.string(parser, context);
                case "errorClass" -> errorClass = FieldValues.string(parser, context);
                case "progress" ->
                    progress = FieldValues.record(parser, context, Progress.class, ProgressJson.Fields::new);
                case "emittedAt" -> emittedAt = FieldValues.instant(parser, context);
                case "params" -> params = FieldValues.string(parser, context);
                case "parentRunId" -> parentRunId = FieldValues.string(parser, context);
                case "workflow" -> workflow = FieldValues.workflowRef(parser, context);
                case "output" -> output = FieldValues.string(parser, context);
                case "limit" -> limit = FieldValues.string(parser, context);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @Override
        public RunResult build() {
            return new RunResult(
                    schemaVersion,
                    runId,
                    fireId,
                    jobId,
                    app,
                    handler,
                    instance,
                    status,
                    kind,
                    attempt,
                    shardIndex,
                    shardTotal,
                    scheduledAt,
                    startedAt,
                    finishedAt,
                    message,
                    errorClass,
                    progress,
                    emittedAt,
                    params,
                    parentRunId,
                    workflow,
                    output,
                    limit);
        }
    }
}
