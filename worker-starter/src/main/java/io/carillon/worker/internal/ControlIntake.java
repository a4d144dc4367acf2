package io.carillon.worker.internal;

import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.ControlCommand;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Obeys one record of the {@code control} topic: a KILL of a run that runs or waits here kills it; a KILL of a run
 * that is not here is remembered for a while ({@link RememberedKills}), so that its trigger, if it comes here later,
 * ends KILLED without running; a command for another app is ignored (every instance of every app reads every
 * command). A record
 * that is no valid command becomes a dead letter; since every instance reads it, each one reports it, naming
 * itself. Not thread-safe: called by the control loop only.
 */
final class ControlIntake {

    private static final Logger log = LoggerFactory.getLogger(ControlIntake.class);

    private final RunExecutor runs;
    private final EventPublisher publisher;
    private final Clock clock;
    private final String app;
    private final String instanceId;
    private final RememberedKills remembered;

    ControlIntake(
            RunExecutor runs,
            EventPublisher publisher,
            Clock clock,
            String app,
            String instanceId,
            RememberedKills remembered) {
        this.runs = runs;
        this.remembered = remembered;
        this.publisher = publisher;
        this.clock = clock;
        this.app = app;
        this.instanceId = instanceId;
    }

    void take(ConsumerRecord<byte[], byte[]> record) {
        ControlCommand command;
        try {
            command = ControlRecords.parse(record);
        } catch (InvalidEventException e) {
            log.warn(
                    "control record {}-{}@{} sent to the dlq: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
            publisher.deadLetter(DeadLetters.of(
                    record, e.getMessage() + " (seen by worker instance " + instanceId + ")", clock.instant()));
            return;
        }
        if (command.app() != null && !command.app().equals(app)) {
            return;
        }
        switch (command.type()) {
            case KILL -> kill(command);
        }
    }

    private void kill(ControlCommand command) {
        String requester = command.requestedBy() == null ? "an unnamed requester" : command.requestedBy();
        String reason = "killed on request of " + requester + " (command " + command.commandId() + ")";
        if (runs.kill(command.runId(), reason)) {
            log.info("run {} killed on request of {} (command {})", command.runId(), requester, command.commandId());
        } else {
            remembered.remember(command.runId(), reason);
            log.debug(
                    "run {} does not run on instance {}: its kill is remembered should its trigger come here",
                    command.runId(),
                    instanceId);
        }
    }
}
