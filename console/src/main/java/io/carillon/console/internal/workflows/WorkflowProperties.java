package io.carillon.console.internal.workflows;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** How the console keeps workflows and their instances ({@code carillon.console.workflows.*}). */
@ConfigurationProperties("carillon.console.workflows")
public class WorkflowProperties {

    /** The consumer group reading the workflow.events topic. Default {@code <topic prefix>console-workflows}. */
    private String groupId;
    /** The most instances one page of a workflow's instances lists. */
    private int maxInstancesListed = 200;

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }

    public int getMaxInstancesListed() {
        return maxInstancesListed;
    }

    public void setMaxInstancesListed(int maxInstancesListed) {
        this.maxInstancesListed = maxInstancesListed;
    }
}
