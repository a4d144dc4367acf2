package io.carillon.topics;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;

/** The serde of each event type; all are stateless and thread-safe. */
public final class EventSerdes {

    public static final JsonSerde<JobDefinition> JOB = JsonSerde.of(JobDefinition.class);
    public static final JsonSerde<JobRequest> REQUEST = JsonSerde.of(JobRequest.class);
    public static final JsonSerde<FireEvent> FIRE = JsonSerde.of(FireEvent.class);
    public static final JsonSerde<Trigger> TRIGGER = JsonSerde.of(Trigger.class);
    public static final JsonSerde<FireBatch> FIRE_BATCH = JsonSerde.of(FireBatch.class);
    public static final JsonSerde<TriggerBatch> TRIGGER_BATCH = JsonSerde.of(TriggerBatch.class);
    /** A {@code fires} record as its fires: one {@link FireEvent}, or the fires of a {@link FireBatch}. */
    public static final BatchDeserializer<FireEvent, FireBatch> FIRES =
            new BatchDeserializer<>("fires", FIRE, FIRE_BATCH, FireBatch::fires);
    /** A {@code trigger.<app>} record as its runs: one {@link Trigger}, or the runs of a {@link TriggerBatch}. */
    public static final BatchDeserializer<Trigger, TriggerBatch> TRIGGERS =
            new BatchDeserializer<>("triggers", TRIGGER, TRIGGER_BATCH, TriggerBatch::triggers);

    public static final JsonSerde<RunResult> RESULT = JsonSerde.of(RunResult.class);
    /** A {@code claims} record: the claims one worker instance made in one round for one partition. */
    public static final JsonSerde<ClaimBatch> CLAIM_BATCH = JsonSerde.of(ClaimBatch.class);

    public static final JsonSerde<WorkerHeartbeat> HEARTBEAT = JsonSerde.of(WorkerHeartbeat.class);
    public static final JsonSerde<LogLine> LOG = JsonSerde.of(LogLine.class);
    public static final JsonSerde<ControlCommand> CONTROL = JsonSerde.of(ControlCommand.class);
    public static final JsonSerde<DeadLetter> DEAD_LETTER = JsonSerde.of(DeadLetter.class);
    public static final JsonSerde<RunStats> STATS = JsonSerde.of(RunStats.class);
    public static final JsonSerde<Incident> INCIDENT = JsonSerde.of(Incident.class);
    public static final JsonSerde<Alerting> ALERT_RULES = JsonSerde.of(Alerting.class);
    public static final JsonSerde<AppDeclarations> DECLARATIONS = JsonSerde.of(AppDeclarations.class);
    public static final JsonSerde<Calendar> CALENDAR = JsonSerde.of(Calendar.class);
    public static final JsonSerde<ConcurrencyLimit> LIMIT = JsonSerde.of(ConcurrencyLimit.class);
    public static final JsonSerde<LimitCommand> LIMIT_COMMAND = JsonSerde.of(LimitCommand.class);
    public static final JsonSerde<WorkflowDefinition> WORKFLOW = JsonSerde.of(WorkflowDefinition.class);
    public static final JsonSerde<WorkflowCommand> WORKFLOW_COMMAND = JsonSerde.of(WorkflowCommand.class);
    public static final JsonSerde<WorkflowEvent> WORKFLOW_EVENT = JsonSerde.of(WorkflowEvent.class);

    private EventSerdes() {}
}
