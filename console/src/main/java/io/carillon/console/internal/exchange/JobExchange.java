package io.carillon.console.internal.exchange;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.exchange.ImportResult.Changed;
import io.carillon.console.internal.exchange.ImportResult.FieldChange;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Moves jobs between installations: {@link #export} writes the jobs of some apps as a {@link JobsDocument};
 * {@link #apply} compares a document with the jobs stored and creates, changes and (with {@code prune}) deletes
 * jobs to match it, and its workflows ({@link WorkflowExchange}) and calendars and limits ({@link SharedExchange}),
 * all in one transaction through {@link JobService} (so each change is authorized, published through the outbox and
 * audited), or only answers what it would do ({@code dryRun}). A document with any invalid entry is refused whole,
 * each error named by its path ({@code jobs[3].schedule.cron}, {@code calendars[0].zone}). Thread-safe.
 */
@Service
class JobExchange {

    static final String TARGET_TYPE = "APPS";

    private final JobService jobs;
    private final WorkflowExchange workflows;
    private final SharedExchange shared;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final Clock clock;

    public JobExchange(
            JobService jobs,
            WorkflowExchange workflows,
            SharedExchange shared,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.jobs = jobs;
        this.workflows = workflows;
        this.shared = shared;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    /**
     * The jobs of {@code apps} (every app the caller may read when empty), each app readable by the caller, the
     * readable workflows all of whose apps are among them, and the calendars and limits: every one when
     * {@code apps} is empty, else those the exported jobs and workflows use.
     */
    public JobsDocument export(Set<String> apps) {
        List<JobDefinition> exported;
        if (apps.isEmpty()) {
            exported = jobs.list();
        } else {
            apps.forEach(authorizer::requireRead);
            exported = jobs.findByApps(apps);
        }
        List<WorkflowDefinition> exportedWorkflows = workflows.export(apps);
        Set<String> covered = new TreeSet<>(apps);
        if (apps.isEmpty()) {
            exported.forEach(job -> covered.add(job.app()));
            exportedWorkflows.forEach(workflow -> covered.addAll(workflow.apps()));
        }
        return new JobsDocument(
                JobsDocument.FORMAT,
                JobsDocument.VERSION,
                clock.instant(),
                List.copyOf(covered),
                exported,
                exportedWorkflows,
                shared.calendars(apps.isEmpty(), exported, exportedWorkflows),
                shared.limits(apps.isEmpty(), exported, exportedWorkflows));
    }

    /**
     * Makes the stored jobs match {@code document}, or with {@code dryRun} only tells how they would change. The
     * caller must read every app concerned for a dry run, and operate it to apply; applying a document that creates
     * or changes a calendar or limit needs an ADMIN. Calendars and limits are saved first, then jobs, then workflows.
     *
     * @throws InvalidInputException naming each problem by its path; nothing is changed
     */
    public ImportResult apply(JobsDocument document, boolean dryRun, boolean prune) {
        List<JobDefinition> wanted = document.jobs() == null ? List.of() : document.jobs();
        requireValid(document, wanted);
        Set<String> apps = new LinkedHashSet<>(document.apps() == null ? List.of() : document.apps());
        wanted.forEach(job -> apps.add(job.app()));
        Map<String, JobDefinition> stored = new HashMap<>();
        jobs.findByApps(apps).forEach(job -> stored.put(job.id(), job));
        for (JobDefinition job : wanted) {
            if (!stored.containsKey(job.id())) {
                jobs.find(job.id()).ifPresent(elsewhere -> {
                    stored.put(elsewhere.id(), elsewhere);
                    apps.add(elsewhere.app());
                });
            }
        }
        Plan plan = plan(wanted, stored, prune);
        WorkflowExchange.Plan workflowPlan = workflows.plan(document.workflows(), apps, prune);
        SharedExchange.Plan sharedPlan = shared.plan(document);
        apps.forEach(dryRun ? authorizer::requireRead : authorizer::requireOperate);
        if (!dryRun && sharedPlan.changes() > 0) {
            authorizer.requireAdmin();
        }
        if (!dryRun) {
            transactions.executeWithoutResult(status -> {
                sharedPlan.apply();
                plan.creates.forEach(jobs::create);
                plan.replaces.forEach(job -> jobs.replace(job.id(), job));
                workflowPlan.apply();
                plan.result.deleted().forEach(jobs::delete);
                audit.record(
                        AuditAction.JOB_IMPORT,
                        TARGET_TYPE,
                        String.join(",", apps),
                        null,
                        null,
                        Json.mapper()
                                .writeValueAsString(Map.of(
                                        "created",
                                        plan.creates.size(),
                                        "changed",
                                        plan.replaces.size(),
                                        "deleted",
                                        plan.result.deleted().size(),
                                        "unchanged",
                                        plan.result.unchanged().size(),
                                        "workflowsChanged",
                                        workflowPlan.changes(),
                                        "calendarsChanged",
                                        sharedPlan.calendars().changes(),
                                        "limitsChanged",
                                        sharedPlan.limits().changes())),
                        AuditOutcome.OK);
            });
        }
        ImportResult result = plan.result;
        return new ImportResult(
                dryRun,
                result.created(),
                result.changed(),
                result.unchanged(),
                result.deleted(),
                workflowPlan.result(),
                sharedPlan.calendars().result(),
                sharedPlan.limits().result());
    }

    private static Plan plan(List<JobDefinition> wanted, Map<String, JobDefinition> stored, boolean prune) {
        List<String> created = new ArrayList<>();
        List<Changed> changed = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        List<JobDefinition> creates = new ArrayList<>();
        List<JobDefinition> replaces = new ArrayList<>();
        Set<String> listed = new LinkedHashSet<>();
        for (JobDefinition job : wanted) {
            listed.add(job.id());
            Optional<JobDefinition> before = Optional.ofNullable(stored.get(job.id()));
            if (before.isEmpty()) {
                created.add(job.id());
                creates.add(job);
                continue;
            }
            List<FieldChange> fields = JobDiff.between(before.get(), job);
            if (fields.isEmpty()) {
                unchanged.add(job.id());
            } else {
                changed.add(new Changed(job.id(), fields));
                replaces.add(job);
            }
        }
        List<String> deleted = prune
                ? stored.keySet().stream()
                        .filter(id -> !listed.contains(id))
                        .sorted()
                        .toList()
                : List.of();
        return new Plan(
                new ImportResult(
                        true,
                        created,
                        changed,
                        unchanged,
                        deleted,
                        ImportResult.Workflows.NONE,
                        ImportResult.Definitions.NONE,
                        ImportResult.Definitions.NONE),
                creates,
                replaces);
    }

    private void requireValid(JobsDocument document, List<JobDefinition> wanted) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < wanted.size(); i++) {
            if (wanted.get(i) == null) {
                errors.add(new FieldError("jobs[" + i + "]", "is null"));
            }
        }
        errors.addAll(problems(document));
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
    }

    /**
     * The problems of {@code document}: its format and version, each job's by the job rules (a calendar the document
     * defines counts as stored), each workflow's ({@link WorkflowExchange#problems}) and each calendar's and limit's
     * ({@link SharedExchange#problems}), named by path; null entries (ones that could not be read) are skipped.
     */
    public List<FieldError> problems(JobsDocument document) {
        List<JobDefinition> wanted = document.jobs() == null ? List.of() : document.jobs();
        List<FieldError> errors = new ArrayList<>();
        if (!JobsDocument.FORMAT.equals(document.format())) {
            errors.add(
                    new FieldError("format", "must be '" + JobsDocument.FORMAT + "', was '" + document.format() + "'"));
        }
        if (document.version() != JobsDocument.VERSION) {
            errors.add(new FieldError("version", "must be " + JobsDocument.VERSION + ", was " + document.version()));
        }
        Set<String> comingCalendars = shared.calendarIds(document);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < wanted.size(); i++) {
            String path = "jobs[" + i + "]";
            JobDefinition job = wanted.get(i);
            if (job == null) {
                continue;
            }
            errors.addAll(DocumentPaths.under(path, jobs.problems(job, comingCalendars)));
            if (job.id() != null && !seen.add(job.id())) {
                errors.add(new FieldError(path + ".id", "'" + job.id() + "' appears more than once"));
            }
        }
        errors.addAll(workflows.problems(document.workflows(), wanted));
        errors.addAll(shared.problems(document));
        return errors;
    }

    private record Plan(ImportResult result, List<JobDefinition> creates, List<JobDefinition> replaces) {}
}
