package io.carillon.console.internal.jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.carillon.console.internal.InvalidInputException;
import io.carillon.console.internal.outbox.OutboxRepository;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.JobDefinition;

/**
 * Job writes with their transactional outbox: each create, replace and delete changes {@code jobs} and appends the
 * matching {@code job_outbox} row in one database transaction, so the {@code jobs} topic gets every committed change
 * and nothing else. Versions grow by one with every change of a job, across delete and re-create. Thread-safe.
 */
@Service
public class JobService {

    private final JobRepository jobs;
    private final OutboxRepository outbox;
    private final TransactionTemplate transactions;
    private final Clock clock;

    public JobService(JobRepository jobs, OutboxRepository outbox, PlatformTransactionManager transactionManager,
            Clock clock) {
        this.jobs = jobs;
        this.outbox = outbox;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    /**
     * Stores a new job (its {@code version} is assigned here) and queues it for the {@code jobs} topic.
     *
     * @throws InvalidInputException when the definition breaks {@link JobValidator}'s rules
     * @throws JobAlreadyExistsException when the id is taken
     */
    public JobDefinition create(JobDefinition requested) {
        requireValid(requested);
        return transactions.execute(status -> {
            Instant now = clock.instant();
            JobDefinition job = requested.toBuilder().version(outbox.lastVersion(requested.id()) + 1).build();
            jobs.registerApp(job.app(), now);
            if (!jobs.insert(job, now)) {
                throw new JobAlreadyExistsException(job.id());
            }
            outbox.append(job.id(), job.version(), EventSerdes.JOB.toJson(job), now);
            return job;
        });
    }

    /**
     * Replaces the definition of job {@code id} with {@code requested} at the next version.
     *
     * @throws InvalidInputException when the definition is invalid or names another id
     * @throws JobNotFoundException when there is no such job
     */
    public JobDefinition replace(String id, JobDefinition requested) {
        if (!id.equals(requested.id())) {
            throw InvalidInputException.of("id", "'" + requested.id() + "' does not match the job id '" + id
                    + "' in the path; a job's id cannot change");
        }
        requireValid(requested);
        return transactions.execute(status -> {
            Instant now = clock.instant();
            long current = jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            JobDefinition job = requested.toBuilder().version(current + 1).build();
            jobs.registerApp(job.app(), now);
            jobs.update(job, now);
            outbox.append(id, job.version(), EventSerdes.JOB.toJson(job), now);
            return job;
        });
    }

    /**
     * Deletes job {@code id} and queues its tombstone.
     *
     * @throws JobNotFoundException when there is no such job
     */
    public void delete(String id) {
        transactions.executeWithoutResult(status -> {
            long current = jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            jobs.delete(id);
            outbox.append(id, current + 1, null, clock.instant());
        });
    }

    public Optional<JobDefinition> find(String id) {
        return jobs.find(id);
    }

    /** Job {@code id}, or {@link JobNotFoundException}. */
    public JobDefinition get(String id) {
        return jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
    }

    public boolean exists(String id) {
        return jobs.exists(id);
    }

    public List<JobDefinition> list() {
        return jobs.findAll();
    }

    private static void requireValid(JobDefinition job) {
        List<FieldError> errors = JobValidator.validate(job);
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
    }
}
