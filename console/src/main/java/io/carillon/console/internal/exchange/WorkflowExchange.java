package io.carillon.console.internal.exchange;

import io.carillon.console.internal.exchange.ImportResult.Changed;
import io.carillon.console.internal.exchange.ImportResult.FieldChange;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.console.internal.workflows.WorkflowService;
import io.carillon.topics.FieldError;
import io.carillon.topics.WorkflowValidator;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;

/**
 * The workflow part of an export document: {@link #export} lists the readable workflows of some apps; {@link #plan}
 * compares a document's workflows with those stored, and {@link Plan#apply} saves and deletes them through
 * {@link WorkflowService} (so each change is authorized, checked, audited and published), inside the import's
 * transaction after its jobs, so a node may name a job the same document creates. A stored definition is compared
 * with the document's after filling in what the console sets on its own: the apps of its nodes and its owner.
 * Thread-safe.
 */
@Service
class WorkflowExchange {

    private final WorkflowService workflows;
    private final JobService jobs;

    WorkflowExchange(WorkflowService workflows, JobService jobs) {
        this.workflows = workflows;
        this.jobs = jobs;
    }

    /** The workflows the caller may read all of whose apps are among {@code apps} (every readable one: empty). */
    List<WorkflowDefinition> export(Set<String> apps) {
        return workflows.readableDefinitions().stream()
                .filter(workflow -> apps.isEmpty() || apps.containsAll(workflow.apps()))
                .toList();
    }

    /**
     * What importing {@code wanted} (null: the document has no workflows, nothing changes) does to the stored
     * workflows; {@code apps} are the document's apps (the workflows all of whose apps are among them are pruned when
     * not listed) and gain the apps of every workflow concerned, which the caller must be allowed.
     */
    Plan plan(List<WorkflowDefinition> wanted, Set<String> apps, boolean prune) {
        if (wanted == null) {
            return new Plan(ImportResult.Workflows.NONE, List.of(), List.of());
        }
        Set<String> documentApps = Set.copyOf(apps);
        List<String> created = new ArrayList<>();
        List<Changed> changed = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        List<WorkflowDefinition> saves = new ArrayList<>();
        Set<String> listed = new HashSet<>();
        for (WorkflowDefinition workflow : wanted) {
            listed.add(workflow.id());
            apps.addAll(workflow.apps());
            inlineApps(workflow).forEach(apps::add);
            Optional<WorkflowDefinition> stored = workflows.storedDefinition(workflow.id());
            if (stored.isEmpty()) {
                created.add(workflow.id());
                saves.add(workflow);
                continue;
            }
            apps.addAll(stored.get().apps());
            List<FieldChange> fields = JobDiff.between(stored.get(), WorkflowService.filledIn(workflow, stored.get()));
            if (fields.isEmpty()) {
                unchanged.add(workflow.id());
            } else {
                changed.add(new Changed(workflow.id(), fields));
                saves.add(workflow);
            }
        }
        List<String> deleted = new ArrayList<>();
        if (prune && !documentApps.isEmpty()) {
            workflows.allDefinitions().stream()
                    .filter(workflow -> !listed.contains(workflow.id()))
                    .filter(workflow -> !workflow.apps().isEmpty() && documentApps.containsAll(workflow.apps()))
                    .map(WorkflowDefinition::id)
                    .sorted()
                    .forEach(deleted::add);
        }
        return new Plan(new ImportResult.Workflows(created, changed, unchanged, deleted), saves, wanted);
    }

    /**
     * The problems of {@code wanted} (null: none), named by path ({@code workflows[0].nodes[1].jobId}): each by the
     * workflow rules, an id listed twice, and a node naming a job neither stored nor in {@code documentJobs}. Null
     * workflows (ones that could not be read) are skipped.
     */
    List<FieldError> problems(List<WorkflowDefinition> wanted, List<JobDefinition> documentJobs) {
        List<FieldError> errors = new ArrayList<>();
        if (wanted == null) {
            return errors;
        }
        Set<String> jobIds = new HashSet<>();
        documentJobs.stream().filter(Objects::nonNull).map(JobDefinition::id).forEach(jobIds::add);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < wanted.size(); i++) {
            WorkflowDefinition workflow = wanted.get(i);
            if (workflow == null) {
                continue;
            }
            String path = "workflows[" + i + "]";
            errors.addAll(DocumentPaths.under(path, WorkflowValidator.validate(workflow)));
            if (workflow.id() != null && !seen.add(workflow.id())) {
                errors.add(new FieldError(path + ".id", "'" + workflow.id() + "' appears more than once"));
            }
            for (int n = 0; n < workflow.nodes().size(); n++) {
                String jobId = workflow.nodes().get(n).jobId();
                if (jobId != null && !jobIds.contains(jobId) && jobs.find(jobId).isEmpty()) {
                    errors.add(new FieldError(
                            path + ".nodes[" + n + "].jobId",
                            "job '" + jobId + "' is neither in the document nor stored"));
                }
            }
        }
        return errors;
    }

    private static List<String> inlineApps(WorkflowDefinition workflow) {
        return workflow.nodes().stream()
                .map(WorkflowNode::app)
                .filter(Objects::nonNull)
                .toList();
    }

    /** What an import does to the workflows, and {@link #apply} to do it. */
    final class Plan {

        private final ImportResult.Workflows result;
        private final List<WorkflowDefinition> saves;
        private final List<WorkflowDefinition> wanted;

        private Plan(ImportResult.Workflows result, List<WorkflowDefinition> saves, List<WorkflowDefinition> wanted) {
            this.result = result;
            this.saves = saves;
            this.wanted = wanted;
        }

        ImportResult.Workflows result() {
            return result;
        }

        int changes() {
            return saves.size() + result.deleted().size();
        }

        /**
         * Saves and deletes the workflows; a refusal names the workflow's path in the document.
         *
         * @throws InvalidInputException when a workflow is refused (the caller's transaction rolls back)
         */
        void apply() {
            for (WorkflowDefinition workflow : saves) {
                try {
                    workflows.saveDefinition(workflow.id(), workflow);
                } catch (InvalidInputException e) {
                    throw DocumentPaths.under("workflows[" + wanted.indexOf(workflow) + "]", e);
                }
            }
            result.deleted().forEach(workflows::delete);
        }
    }
}
