package io.carillon.console.internal.jobs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.calendars.StoredCalendars;
import io.carillon.console.internal.outbox.OutboxRepository;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Job writes with their transactional outbox: each create, replace and delete changes {@code jobs} and appends the
 * matching {@code job_outbox} row in one database transaction, so the {@code jobs} topic gets every committed change
 * and nothing else. Versions grow by one with every change of a job, across delete and re-create. Each change is
 * allowed by {@link Authorizer} for the job's app (both apps when a job moves) and audited in its own transaction;
 * reads answer only the jobs of apps the caller may read. A job a worker app declares in its code is managed by that
 * app: its fields change only through the app's declarations ({@code createDeclared}, {@code updateDeclared}), and
 * replacing or deleting it here is refused until it is detached. Thread-safe.
 */
@Service
public class JobService {

    static final String TARGET_TYPE = "JOB";

    private final JobRepository jobs;
    private final OutboxRepository outbox;
    private final TransactionTemplate transactions;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final JobLimits limits;
    private final StoredCalendars calendars;
    private final Clock clock;

    public JobService(
            JobRepository jobs,
            OutboxRepository outbox,
            PlatformTransactionManager transactionManager,
            Authorizer authorizer,
            AuditLog audit,
            JobApiProperties apiProperties,
            StoredCalendars calendars,
            Clock clock) {
        this.calendars = calendars;
        this.jobs = jobs;
        this.outbox = outbox;
        this.transactions = new TransactionTemplate(transactionManager);
        this.authorizer = authorizer;
        this.audit = audit;
        this.limits = new JobLimits(apiProperties);
        this.clock = clock;
    }

    /**
     * Stores a new job (its {@code version} is assigned here), queues it for the {@code jobs} topic and audits it, in
     * one statement (one round trip to the database), so in one transaction: the caller's when there is one.
     *
     * @throws InvalidInputException when the definition breaks {@link JobValidator}'s rules
     * @throws JobAlreadyExistsException when the id is taken
     */
    public JobDefinition create(JobDefinition requested) {
        return create(requested, null);
    }

    /**
     * As {@link #create(JobDefinition)} for a job that version {@code appVersion} of its app declares: the job is
     * managed by its app from then on.
     */
    public JobDefinition createDeclared(JobDefinition requested, String appVersion) {
        return create(requested, appVersion);
    }

    private JobDefinition create(JobDefinition requested, String appVersion) {
        requireValid(requested);
        authorizer.requireOperate(requested.app());
        if (appVersion == null) {
            return insert(requested);
        }
        return transactions.execute(status -> {
            JobDefinition job = insert(requested);
            jobs.markManaged(job.id(), job.app(), appVersion);
            return job;
        });
    }

    private JobDefinition insert(JobDefinition requested) {
        long version = jobs.create(
                        requested,
                        clock.instant(),
                        audit.entry(
                                AuditAction.JOB_CREATE, TARGET_TYPE, requested.id(), requested.app(), AuditOutcome.OK))
                .orElseThrow(() -> new JobAlreadyExistsException(requested.id()));
        return requested.toBuilder().version(version).build();
    }

    /**
     * Replaces the definition of job {@code id} with {@code requested} at the next version.
     *
     * @throws InvalidInputException when the definition is invalid or names another id
     * @throws JobNotFoundException when there is no such job
     * @throws ManagedJobException when an app manages the job
     */
    public JobDefinition replace(String id, JobDefinition requested) {
        if (!id.equals(requested.id())) {
            throw InvalidInputException.of(
                    "id",
                    "'" + requested.id() + "' does not match the job id '" + id
                            + "' in the path; a job's id cannot change");
        }
        requireValid(requested);
        authorizer.requireOperate(requested.app());
        return transactions.execute(status -> {
            long current = jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            JobDefinition before = jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
            authorizer.requireOperate(before.app());
            requireManagedHere(id);
            return write(before, requested.toBuilder().version(current + 1).build());
        });
    }

    /**
     * Sets managed job {@code declared.id()} to what version {@code appVersion} of its app declares; its
     * {@code enabled} stays as operators left it unless {@code declaredEnabled}. A new version only when a field
     * changes.
     *
     * @return the job, and whether its definition changed
     */
    public EnabledChange updateDeclared(JobDefinition declared, String appVersion, boolean declaredEnabled) {
        requireValid(declared);
        return transactions.execute(status -> {
            long current = jobs.lockVersion(declared.id()).orElseThrow(() -> new JobNotFoundException(declared.id()));
            JobDefinition before = jobs.find(declared.id()).orElseThrow(() -> new JobNotFoundException(declared.id()));
            authorizer.requireOperate(before.app());
            authorizer.requireOperate(declared.app());
            JobDefinition after = declared.toBuilder()
                    .enabled(declaredEnabled ? declared.enabled() : before.enabled())
                    .version(before.version())
                    .build();
            jobs.markManaged(declared.id(), declared.app(), appVersion);
            if (after.equals(before)) {
                return new EnabledChange(before, false);
            }
            return new EnabledChange(
                    write(before, after.toBuilder().version(current + 1).build()), true);
        });
    }

    /**
     * Turns job {@code id}, managed by an app, into a job managed in the console: its fields can be changed here and
     * its app's declarations leave it alone. Audited as JOB_DETACH.
     *
     * @throws JobNotFoundException when there is no such job
     * @throws ManagedJobException when no app manages the job
     */
    public JobView detach(String id) {
        return transactions.execute(status -> {
            jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            JobDefinition job = jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
            authorizer.requireOperate(job.app());
            ManagedBy managedBy = jobs.managedBy(id).orElseThrow(() -> ManagedJobException.notManaged(id));
            jobs.clearManaged(id);
            audit.record(
                    AuditAction.JOB_DETACH,
                    TARGET_TYPE,
                    id,
                    job.app(),
                    Json.mapper().writeValueAsString(java.util.Map.of("managedBy", managedBy)),
                    null,
                    AuditOutcome.OK);
            return new JobView(job, null);
        });
    }

    /** A job as the console shows it: its definition and, when an app declares it, which. */
    public record JobView(JobDefinition job, ManagedBy managedBy) {}

    /**
     * Job {@code id} with who manages it, when the caller may read its app.
     *
     * @throws JobNotFoundException when there is no such job
     */
    public JobView view(String id) {
        return new JobView(get(id), jobs.managedBy(id).orElse(null));
    }

    private void requireManagedHere(String id) {
        Optional<ManagedBy> managedBy = jobs.managedBy(id);
        if (managedBy.isPresent()) {
            throw ManagedJobException.managed(id, managedBy.get());
        }
    }

    /**
     * Enables or disables job {@code id}: a new version when that changes it (audited as JOB_ENABLE or JOB_DISABLE),
     * the job as it is (not changed) when it already was so.
     *
     * @throws JobNotFoundException when there is no such job
     * @throws org.springframework.security.access.AccessDeniedException when the caller may not operate its app
     */
    public EnabledChange setEnabled(String id, boolean enabled) {
        return transactions.execute(status -> {
            long current = jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            JobDefinition before = jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
            authorizer.requireOperate(before.app());
            if (before.enabled() == enabled) {
                return new EnabledChange(before, false);
            }
            return new EnabledChange(
                    write(
                            before,
                            before.toBuilder()
                                    .enabled(enabled)
                                    .version(current + 1)
                                    .build()),
                    true);
        });
    }

    /** The job after {@link #setEnabled}, and whether that changed it. */
    public record EnabledChange(JobDefinition job, boolean changed) {}

    private JobDefinition write(JobDefinition before, JobDefinition job) {
        Instant now = clock.instant();
        jobs.registerApp(job.app(), now);
        jobs.update(job, now);
        String json = EventSerdes.JOB.toJson(job);
        outbox.append(job.id(), job.version(), json, now);
        audit.record(
                updateAction(before, job),
                TARGET_TYPE,
                job.id(),
                job.app(),
                EventSerdes.JOB.toJson(before),
                json,
                AuditOutcome.OK);
        return job;
    }

    /**
     * Deletes job {@code id} and queues its tombstone.
     *
     * @throws JobNotFoundException when there is no such job
     * @throws ManagedJobException when an app manages the job
     */
    public void delete(String id) {
        delete(id, false);
    }

    /** Deletes job {@code id}, which its app no longer declares, as {@link #delete(String)}. */
    public void deleteOrphan(String id) {
        delete(id, true);
    }

    private void delete(String id, boolean orphan) {
        transactions.executeWithoutResult(status -> {
            long current = jobs.lockVersion(id).orElseThrow(() -> new JobNotFoundException(id));
            JobDefinition before = jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
            authorizer.requireOperate(before.app());
            if (!orphan) {
                requireManagedHere(id);
            }
            jobs.delete(id);
            outbox.append(id, current + 1, null, clock.instant());
            audit.record(
                    AuditAction.JOB_DELETE,
                    TARGET_TYPE,
                    id,
                    before.app(),
                    EventSerdes.JOB.toJson(before),
                    null,
                    AuditOutcome.OK);
        });
    }

    /** Job {@code id} whatever the caller's grants, for the console's own checks. */
    public Optional<JobDefinition> find(String id) {
        return jobs.find(id);
    }

    /**
     * Job {@code id}, when the caller may read its app.
     *
     * @throws JobNotFoundException when there is no such job
     * @throws org.springframework.security.access.AccessDeniedException when the caller may not read its app
     */
    public JobDefinition get(String id) {
        JobDefinition job = jobs.find(id).orElseThrow(() -> new JobNotFoundException(id));
        authorizer.requireRead(job.app());
        return job;
    }

    public boolean exists(String id) {
        return jobs.exists(id);
    }

    /** The jobs of the apps the caller may read, by id. */
    public List<JobDefinition> list() {
        return jobs.findAll().stream()
                .filter(job -> authorizer.canRead(job.app()))
                .toList();
    }

    /** Who manages each job an app manages, by job id, whatever the caller's grants (combine with {@link #list}). */
    public java.util.Map<String, ManagedBy> managedJobs() {
        return jobs.managedJobs();
    }

    /**
     * The problems of {@code job} by the contract's rules and the console's limits, and an id that is the job of a
     * stored workflow's inline node ({@code <workflow>.<node>}); empty when it is valid.
     */
    public List<FieldError> problems(JobDefinition job) {
        return problems(job, Set.of());
    }

    /**
     * The problems of {@code job} as {@link #problems(JobDefinition)} finds them, counting the calendars in
     * {@code comingCalendars} as stored (an import saves its calendars before its jobs).
     */
    public List<FieldError> problems(JobDefinition job, Set<String> comingCalendars) {
        List<FieldError> errors = new java.util.ArrayList<>(JobValidator.validate(job));
        errors.addAll(limits.problems(job));
        if (errors.isEmpty() && jobs.isInlineNodeJob(job.id())) {
            errors.add(new FieldError(
                    "id",
                    "'" + job.id() + "' is the job of inline node '"
                            + job.id().substring(job.id().lastIndexOf('.') + 1)
                            + "' of workflow '" + job.id().substring(0, job.id().lastIndexOf('.'))
                            + "': choose another id"));
        }
        if (errors.isEmpty()) {
            errors.addAll(calendars.unknownIn(job.schedule(), "schedule", comingCalendars));
        }
        return errors;
    }

    /** The jobs of {@code apps} whatever the caller's grants, for the console's own checks. */
    public List<JobDefinition> findByApps(java.util.Collection<String> apps) {
        return jobs.findByApps(apps);
    }

    private void requireValid(JobDefinition job) {
        List<FieldError> errors = problems(job);
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
    }

    private static AuditAction updateAction(JobDefinition before, JobDefinition after) {
        boolean onlyEnabledChanged = before.enabled() != after.enabled()
                && before.toBuilder()
                        .enabled(after.enabled())
                        .version(after.version())
                        .build()
                        .equals(after);
        if (!onlyEnabledChanged) {
            return AuditAction.JOB_UPDATE;
        }
        return after.enabled() ? AuditAction.JOB_ENABLE : AuditAction.JOB_DISABLE;
    }
}
