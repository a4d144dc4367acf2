package io.carillon.worker.spring;

/** A concurrency limit declared through configuration: {@code carillon.worker.limits.<id>.*}. */
public class DeclaredLimitProperties {

    /** How many runs that take the limit may run at once, across all workers and apps. Required. */
    private Integer max;

    /** What the limit protects. */
    private String description;

    public Integer getMax() {
        return max;
    }

    public void setMax(Integer max) {
        this.max = max;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }
}
