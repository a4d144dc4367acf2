package io.carillon.console.internal.jobs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.outbox.OutboxRelay;
import io.carillon.console.internal.outbox.OutboxRepository;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.stereotype.Component;

/**
 * Sends {@link JobRequest}s to the planner on the {@code requests} topic, keyed by job id, after any change of the
 * job still in the outbox, so the planner knows a job created a moment ago when its request arrives. The caller
 * checks access and audits. Thread-safe.
 */
@Component
class JobRequests {

    private final OutboxRepository outbox;
    private final OutboxRelay relay;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Authorizer authorizer;
    private final Clock clock;

    JobRequests(
            OutboxRepository outbox,
            OutboxRelay relay,
            ConsoleProducer producer,
            CarillonTopics topics,
            Authorizer authorizer,
            Clock clock) {
        this.outbox = outbox;
        this.relay = relay;
        this.producer = producer;
        this.topics = topics;
        this.authorizer = authorizer;
        this.clock = clock;
    }

    /** What a request is made of: its new id, the caller's name and the clock's now. */
    record Origin(String requestId, String requestedBy, java.time.Instant requestedAt) {}

    /**
     * Builds the request of job {@code jobId} from a fresh {@link Origin} and waits for Kafka's acknowledgement.
     *
     * @return the request sent
     * @throws PublishException when the job's last change or the request could not be published
     */
    JobRequest send(String jobId, Function<Origin, JobRequest> request) {
        if (outbox.hasUnpublished(jobId)) {
            relay.flush();
            if (outbox.hasUnpublished(jobId)) {
                throw new PublishException(
                        "job '" + jobId + "' has a change that is not yet on Kafka; try again in a" + " moment", null);
            }
        }
        JobRequest built = request.apply(
                new Origin(UUID.randomUUID().toString(), authorizer.caller().actor(), clock.instant()));
        String topic = topics.catalog().requests();
        producer.sendAndWait(topic, jobId, EventSerdes.REQUEST.serialize(topic, built));
        return built;
    }
}
