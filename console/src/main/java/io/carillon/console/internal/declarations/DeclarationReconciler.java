package io.carillon.console.internal.declarations;

import io.carillon.console.internal.access.Caller;
import io.carillon.console.internal.access.CurrentCaller;
import io.carillon.console.internal.jobs.JobRepository;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.jobs.ManagedBy;
import io.carillon.topics.FieldError;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.JobDefinition;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Makes the console's jobs follow what each worker app declares, one {@link AppDeclarations} at a time, in one
 * database transaction, acting as the app ({@link Caller#app}) so every change is audited with the app as actor and
 * goes to the {@code jobs} topic through the outbox:
 * <ul>
 *   <li>a set from an older app version than the newest applied for the app is ignored, so a rolling deploy with two
 *       versions converges on the newer (versions compared by {@link AppVersions});</li>
 *   <li>a declared job that does not exist is created, managed by the app; one the app manages is updated when a
 *       field changes (its enabled state stays as operators left it, unless it was orphaned);</li>
 *   <li>a declared job that exists but is managed in the console (created there, or detached) or by another app is
 *       left alone and logged: deleting it in the console lets the app take it over;</li>
 *   <li>a job the app manages that the set no longer holds follows the app's orphan policy
 *       ({@code carillon.console.declarations.*}): kept, disabled or deleted, and shown as orphaned;</li>
 *   <li>the set's workflows are applied by {@link WorkflowReconciler}, its calendars and concurrency limits by
 *       {@link SharedDefinitionReconciler} (declared before the jobs, removed after them).</li>
 * </ul>
 * Thread-safe; sets of one app are applied one after the other (the app's {@code app_declarations} row is locked).
 */
@Component
class DeclarationReconciler {

    private static final Logger log = LoggerFactory.getLogger(DeclarationReconciler.class);

    /** What became of a declaration set. */
    public enum Outcome {
        APPLIED,
        OLDER_VERSION_IGNORED
    }

    private final DeclarationRepository declarations;
    private final WorkflowReconciler workflows;
    private final SharedDefinitionReconciler shared;
    private final JobRepository jobRows;
    private final JobService jobs;
    private final CurrentCaller callers;
    private final TransactionTemplate transactions;
    private final DeclarationProperties settings;
    private final Clock clock;

    DeclarationReconciler(
            DeclarationRepository declarations,
            WorkflowReconciler workflows,
            SharedDefinitionReconciler shared,
            JobRepository jobRows,
            JobService jobs,
            CurrentCaller callers,
            PlatformTransactionManager transactionManager,
            DeclarationProperties settings,
            Clock clock) {
        this.declarations = declarations;
        this.workflows = workflows;
        this.shared = shared;
        this.jobRows = jobRows;
        this.jobs = jobs;
        this.callers = callers;
        this.transactions = new TransactionTemplate(transactionManager);
        this.settings = settings;
        this.clock = clock;
    }

    /** Applies {@code declared}, unless it comes from an older version of its app than one already applied. */
    public Outcome reconcile(AppDeclarations declared) {
        return callers.runAs(Caller.app(declared.app()), () -> transactions.execute(status -> apply(declared)));
    }

    private Outcome apply(AppDeclarations declared) {
        Optional<String> newest = declarations.lockNewestVersion(declared.app());
        if (newest.isPresent() && AppVersions.compare(declared.appVersion(), newest.get()) < 0) {
            log.info(
                    "declarations of app {} version {} ignored: version {} is newer",
                    declared.app(),
                    declared.appVersion(),
                    newest.get());
            return Outcome.OLDER_VERSION_IGNORED;
        }
        shared.declare(declared);
        Set<String> ids = new HashSet<>();
        for (JobDefinition job : declared.jobs()) {
            ids.add(job.id());
            applyJob(declared, job);
        }
        for (String id : jobRows.managedIds(declared.app())) {
            if (!ids.contains(id)) {
                orphan(declared.app(), id);
            }
        }
        workflows.apply(declared);
        shared.removeUndeclared(declared);
        declarations.saveApplied(declared, clock.instant());
        return Outcome.APPLIED;
    }

    private void applyJob(AppDeclarations declared, JobDefinition job) {
        List<FieldError> problems = new ArrayList<>(jobs.problems(job));
        if (!declared.app().equals(job.app())) {
            problems.add(new FieldError("app", "'" + job.app() + "' is not the declaring app"));
        }
        if (!problems.isEmpty()) {
            log.warn(
                    "job {} declared by app {} version {} skipped: {}",
                    job.id(),
                    declared.app(),
                    declared.appVersion(),
                    problems);
            return;
        }
        if (!jobs.exists(job.id())) {
            jobs.createDeclared(job, declared.appVersion());
            return;
        }
        Optional<ManagedBy> managedBy = jobRows.managedBy(job.id());
        if (managedBy.isEmpty() || !managedBy.get().app().equals(declared.app())) {
            log.warn(
                    "job {} declared by app {} left alone: it is managed {}; delete it there to let the app"
                            + " manage it",
                    job.id(),
                    declared.app(),
                    managedBy.map(by -> "by app " + by.app()).orElse("in the console"));
            return;
        }
        if (AppVersions.compare(declared.appVersion(), managedBy.get().version()) < 0) {
            return;
        }
        jobs.updateDeclared(job, declared.appVersion(), managedBy.get().orphaned());
    }

    private void orphan(String app, String id) {
        switch (settings.orphansOf(app)) {
            case DELETE -> jobs.deleteOrphan(id);
            case DISABLE -> {
                jobs.setEnabled(id, false);
                jobRows.markOrphaned(id, clock.instant());
            }
            case KEEP -> jobRows.markOrphaned(id, clock.instant());
        }
        log.info("job {} is no longer declared by app {}: {}", id, app, settings.orphansOf(app));
    }
}
