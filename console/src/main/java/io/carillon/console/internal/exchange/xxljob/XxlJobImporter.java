package io.carillon.console.internal.exchange.xxljob;

import io.carillon.console.internal.access.Caller;
import io.carillon.console.internal.access.CurrentCaller;
import io.carillon.console.internal.exchange.xxljob.ImportReport.Entry;
import io.carillon.console.internal.exchange.xxljob.ImportReport.Outcome;
import io.carillon.console.internal.jobs.JobAlreadyExistsException;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.web.InvalidInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * Carries out an {@link ImportPlan} through {@link JobService}, as the caller {@link #CALLER} (an ADMIN the audit log
 * names {@code system (xxl-job import)}): each planned job is created in its own transaction with its outbox and
 * audit rows, unless a job of that id exists (then it is reported and left as it is). A dry run only looks.
 * Thread-safe.
 */
final class XxlJobImporter {

    static final Caller CALLER = Caller.system("xxl-job import");

    private final JobService jobs;
    private final CurrentCaller callers;

    XxlJobImporter(JobService jobs, CurrentCaller callers) {
        this.jobs = jobs;
        this.callers = callers;
    }

    ImportReport apply(ImportPlan plan, boolean dryRun) {
        return callers.runAs(CALLER, () -> {
            List<Entry> entries = new ArrayList<>();
            for (PlannedJob job : plan.jobs()) {
                entries.add(apply(job, dryRun));
            }
            return new ImportReport(plan, dryRun, entries);
        });
    }

    private Entry apply(PlannedJob job, boolean dryRun) {
        if (job.skipped()) {
            return new Entry(job, Outcome.SKIPPED, job.skipReason());
        }
        String id = job.definition().id();
        if (jobs.exists(id)) {
            return exists(job);
        }
        if (dryRun) {
            return new Entry(job, Outcome.WOULD_CREATE, null);
        }
        try {
            jobs.create(job.definition());
            return new Entry(job, Outcome.CREATED, null);
        } catch (JobAlreadyExistsException e) {
            return exists(job);
        } catch (InvalidInputException e) {
            return new Entry(job, Outcome.FAILED, e.getMessage());
        }
    }

    private static Entry exists(PlannedJob job) {
        return new Entry(job, Outcome.EXISTS, "a job with this id exists; it is left unchanged");
    }
}
