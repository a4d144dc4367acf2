package io.carillon.topics.events;

/** The size estimate that bounds a batch record: its events' params and workflow contexts, plus their other fields. */
final class BatchSizes {

    /** More than the fields of a fire or trigger other than its params and workflow context take as JSON. */
    static final int FIXED_CHARS_PER_EVENT = 1_024;

    private BatchSizes() {}

    static long chars(String params, WorkflowRef workflow) {
        return FIXED_CHARS_PER_EVENT
                + (params == null ? 0 : params.length())
                + (workflow == null ? 0 : WorkflowRef.contextChars(workflow.context()));
    }
}
