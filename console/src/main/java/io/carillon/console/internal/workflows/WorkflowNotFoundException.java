package io.carillon.console.internal.workflows;

import io.carillon.console.internal.web.NotFoundException;

/** No workflow, or no instance, has the id asked for (404). */
class WorkflowNotFoundException extends NotFoundException {

    private WorkflowNotFoundException(String message) {
        super(message);
    }

    static WorkflowNotFoundException workflow(String id) {
        return new WorkflowNotFoundException("no workflow '" + id + "'");
    }

    static WorkflowNotFoundException instance(String instanceId) {
        return new WorkflowNotFoundException("no workflow instance '" + instanceId + "'");
    }
}
