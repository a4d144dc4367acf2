package io.carillon.console.internal.logs;

/**
 * Where a run's log was cut: the line {@code atSeq} and every later one were not kept ({@code droppedLines} of them so
 * far) because the run's log reached {@code limit} lines or bytes ({@code reason}).
 */
record LogCut(long atSeq, LogState.CutReason reason, long limit, long droppedLines) {

    /** The note that stands for the missing lines in a download. */
    public String note() {
        return "[log cut at line " + atSeq + ": the run's log reached its limit of " + limit + " "
                + reason.name().toLowerCase(java.util.Locale.ROOT) + "; " + droppedLines + " more line"
                + (droppedLines == 1 ? " was" : "s were") + " not kept]";
    }
}
