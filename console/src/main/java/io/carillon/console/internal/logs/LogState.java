package io.carillon.console.internal.logs;

/**
 * What the console holds of one run's log (a row of {@code run_log_state}): the highest seq seen, the lines and
 * UTF-8 bytes kept, and where the log was cut (null {@code cutAtSeq} while it was not).
 */
record LogState(
        String runId,
        String jobId,
        long lastSeq,
        int lines,
        long bytes,
        Long cutAtSeq,
        CutReason cutReason,
        long cutLines) {

    /** The {@code lastSeq} of a run with no line yet; a line's seq is at least 0. */
    static final long NO_LINE = -1;

    static LogState empty(String runId, String jobId) {
        return new LogState(runId, jobId, NO_LINE, 0, 0, null, null, 0);
    }

    boolean isCut() {
        return cutAtSeq != null;
    }

    /** The cut as the API shows it, or null. */
    LogCut cut(LogCap cap) {
        return isCut()
                ? new LogCut(
                        cutAtSeq, cutReason, cutReason == CutReason.LINES ? cap.maxLines() : cap.maxBytes(), cutLines)
                : null;
    }

    /** The limit a run's log passed. */
    enum CutReason {
        LINES,
        BYTES
    }
}
