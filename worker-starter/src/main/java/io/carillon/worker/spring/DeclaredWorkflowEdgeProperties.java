package io.carillon.worker.spring;

/** An edge of a workflow declared through configuration: {@code carillon.worker.workflows.<id>.edges[i].*}. */
public class DeclaredWorkflowEdgeProperties {

    /** The parent node. */
    private String from;

    /** The child node. */
    private String to;

    /** When the child may start: SUCCEEDED (default), FAILED or ENDED. */
    private String when;

    public String getFrom() {
        return from;
    }

    public void setFrom(String from) {
        this.from = from;
    }

    public String getTo() {
        return to;
    }

    public void setTo(String to) {
        this.to = to;
    }

    public String getWhen() {
        return when;
    }

    public void setWhen(String when) {
        this.when = when;
    }
}
