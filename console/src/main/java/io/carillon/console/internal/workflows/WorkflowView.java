package io.carillon.console.internal.workflows;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.WorkflowDefinition;
import java.time.Instant;
import java.util.List;

/**
 * A workflow as the REST API shows it: the definition, the apps its nodes run on, who changed it last, when, the
 * app that declares it (absent for a workflow managed in the console) and its newest instance (absent before the
 * first). Null fields are left out of JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record WorkflowView(
        WorkflowDefinition workflow,
        List<String> apps,
        Instant updatedAt,
        String updatedBy,
        WorkflowRepository.DeclaredBy declaredBy,
        WorkflowInstanceView latestInstance) {

    static WorkflowView of(WorkflowRepository.Row row, WorkflowInstanceView latest) {
        return new WorkflowView(row.workflow(), row.apps(), row.updatedAt(), row.updatedBy(), row.declaredBy(), latest);
    }
}
