package io.carillon.console.internal.declarations;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.console.internal.workflows.WorkflowService;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.WorkflowDefinition;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Component;

/**
 * Makes the console's workflows follow the workflows of one {@link AppDeclarations}, in the caller's transaction and
 * as the app: a declared workflow that does not exist is created and marked as declared by the app; one the app
 * declares is replaced when a field changed; one managed in the console or declared by another app is left alone
 * and logged; one the app declares that the set no longer holds is deleted. Each change goes through
 * {@link WorkflowService}, so it is checked, audited with the app as actor and published. A workflow the console
 * refuses (a node naming a job that does not exist, a handler no live worker offers) is logged and skipped.
 * Thread-safe.
 */
@Component
class WorkflowReconciler {

    private static final Logger log = LoggerFactory.getLogger(WorkflowReconciler.class);

    private final WorkflowService workflows;

    WorkflowReconciler(WorkflowService workflows) {
        this.workflows = workflows;
    }

    /** Applies the workflows of {@code declared}; the caller holds the app's declarations lock. */
    void apply(AppDeclarations declared) {
        Set<String> ids = new HashSet<>();
        for (WorkflowDefinition workflow : declared.workflows()) {
            ids.add(workflow.id());
            applyOne(declared, workflow);
        }
        for (String id : workflows.declaredIds(declared.app())) {
            if (!ids.contains(id)) {
                workflows.delete(id);
                log.info("workflow {} is no longer declared by app {}: deleted", id, declared.app());
            }
        }
    }

    private void applyOne(AppDeclarations declared, WorkflowDefinition workflow) {
        Optional<String> declaringApp = workflows.declaringApp(workflow.id());
        boolean stored = workflows.storedDefinition(workflow.id()).isPresent();
        if (stored && (declaringApp.isEmpty() || !declaringApp.get().equals(declared.app()))) {
            log.warn(
                    "workflow {} declared by app {} left alone: it is managed {}; delete it there to let the app"
                            + " manage it",
                    workflow.id(),
                    declared.app(),
                    declaringApp.map(app -> "by app " + app).orElse("in the console"));
            return;
        }
        try {
            workflows.saveDeclared(workflow, declared.app(), declared.appVersion());
        } catch (InvalidInputException | AccessDeniedException e) {
            log.warn(
                    "workflow {} declared by app {} version {} skipped: {}",
                    workflow.id(),
                    declared.app(),
                    declared.appVersion(),
                    e.getMessage());
        }
    }
}
