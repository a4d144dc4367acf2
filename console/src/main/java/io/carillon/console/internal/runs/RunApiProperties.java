package io.carillon.console.internal.runs;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The run endpoints' limits ({@code carillon.console.api.*}): the runs of a job and the run search. */
@ConfigurationProperties("carillon.console.api")
public class RunApiProperties {
    /** Runs returned by {@code GET /api/v1/jobs/{id}/runs} without {@code limit}. Default 50. */
    private int defaultRunLimit = 50;
    /** Largest accepted {@code limit} of the runs endpoint. Default 1000. */
    private int maxRunLimit = 1000;
    /** Runs of one page of {@code GET /api/v1/runs} without {@code size}. Default 50. */
    private int defaultRunPageSize = 50;
    /** Largest accepted {@code size} of the run search. Default 500. */
    private int maxRunPageSize = 500;

    public int getDefaultRunLimit() {
        return defaultRunLimit;
    }

    public void setDefaultRunLimit(int defaultRunLimit) {
        this.defaultRunLimit = defaultRunLimit;
    }

    public int getMaxRunLimit() {
        return maxRunLimit;
    }

    public void setMaxRunLimit(int maxRunLimit) {
        this.maxRunLimit = maxRunLimit;
    }

    public int getDefaultRunPageSize() {
        return defaultRunPageSize;
    }

    public void setDefaultRunPageSize(int defaultRunPageSize) {
        this.defaultRunPageSize = defaultRunPageSize;
    }

    public int getMaxRunPageSize() {
        return maxRunPageSize;
    }

    public void setMaxRunPageSize(int maxRunPageSize) {
        this.maxRunPageSize = maxRunPageSize;
    }
}
