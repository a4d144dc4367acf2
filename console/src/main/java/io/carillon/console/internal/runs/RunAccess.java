package io.carillon.console.internal.runs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.topics.events.JobDefinition;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The app a run belongs to, for {@link Authorizer}'s checks: the app its result named, else its job's app. A run
 * whose app cannot be told (no app in its results, its job deleted) is open to ADMINs only. Thread-safe.
 */
@Component
public class RunAccess {

    private final Authorizer authorizer;
    private final JobService jobs;

    public RunAccess(Authorizer authorizer, JobService jobs) {
        this.authorizer = authorizer;
        this.jobs = jobs;
    }

    /** Refuses a caller who may not operate the run's app; answers the app (null when unknown). */
    public String requireOperate(RunView run) {
        Optional<String> app = appOf(run);
        if (app.isPresent()) {
            authorizer.requireOperate(app.get());
        } else {
            authorizer.requireAdmin();
        }
        return app.orElse(null);
    }

    /**
     * Refuses a caller who may not read the runs of job {@code jobId} (null when unknown), given one of its runs if
     * any.
     */
    public void requireRead(String jobId, Optional<RunView> anyRun) {
        Optional<String> app = Optional.ofNullable(jobId)
                .flatMap(jobs::find)
                .map(JobDefinition::app)
                .or(() -> anyRun.map(RunView::app));
        if (app.isPresent()) {
            authorizer.requireRead(app.get());
        } else {
            authorizer.requireAdmin();
        }
    }

    /** The name of the current caller, as requests and commands carry it. */
    public String actor() {
        return authorizer.caller().actor();
    }

    private Optional<String> appOf(RunView run) {
        return Optional.ofNullable(run.app()).or(() -> jobs.find(run.jobId()).map(JobDefinition::app));
    }
}
