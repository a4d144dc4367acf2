package io.carillon.worker.spring;

import java.util.List;

/**
 * A node of a workflow declared through configuration: {@code carillon.worker.workflows.<id>.nodes.<node id>.*}.
 * Either {@code job-id} (an existing job) or {@code handler} (one of this app's handlers) with the other fields, which
 * have the meaning and text form of the {@link io.carillon.worker.DeclaredJob @DeclaredJob} attributes of the same
 * name.
 */
public class DeclaredWorkflowNodeProperties {

    private String description;

    /** An existing job the node runs; unset: the node runs {@code handler} of this app. */
    private String jobId;

    /** The handler of this app the node runs, unless it names a job. */
    private String handler;

    private String params;

    private String timeout;

    private String retryAttempts;

    private String retryBackoff;

    private String retryMultiplier;

    private String retryMaxBackoff;

    private String routing;

    private List<String> pinnedInstances;

    private String blockStrategy;

    /** The concurrency limit the node's runs take ({@code concurrency.limit}, {@code concurrency.when-busy}). */
    private final DeclaredJobProperties.DeclaredConcurrency concurrency =
            new DeclaredJobProperties.DeclaredConcurrency();

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public String getJobId() {
        return jobId;
    }

    public void setJobId(String jobId) {
        this.jobId = jobId;
    }

    public String getHandler() {
        return handler;
    }

    public void setHandler(String handler) {
        this.handler = handler;
    }

    public String getParams() {
        return params;
    }

    public void setParams(String params) {
        this.params = params;
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    public String getRetryAttempts() {
        return retryAttempts;
    }

    public void setRetryAttempts(String retryAttempts) {
        this.retryAttempts = retryAttempts;
    }

    public String getRetryBackoff() {
        return retryBackoff;
    }

    public void setRetryBackoff(String retryBackoff) {
        this.retryBackoff = retryBackoff;
    }

    public String getRetryMultiplier() {
        return retryMultiplier;
    }

    public void setRetryMultiplier(String retryMultiplier) {
        this.retryMultiplier = retryMultiplier;
    }

    public String getRetryMaxBackoff() {
        return retryMaxBackoff;
    }

    public void setRetryMaxBackoff(String retryMaxBackoff) {
        this.retryMaxBackoff = retryMaxBackoff;
    }

    public String getRouting() {
        return routing;
    }

    public void setRouting(String routing) {
        this.routing = routing;
    }

    public List<String> getPinnedInstances() {
        return pinnedInstances;
    }

    public void setPinnedInstances(List<String> pinnedInstances) {
        this.pinnedInstances = pinnedInstances;
    }

    public String getBlockStrategy() {
        return blockStrategy;
    }

    public void setBlockStrategy(String blockStrategy) {
        this.blockStrategy = blockStrategy;
    }

    public DeclaredJobProperties.DeclaredConcurrency getConcurrency() {
        return concurrency;
    }
}
