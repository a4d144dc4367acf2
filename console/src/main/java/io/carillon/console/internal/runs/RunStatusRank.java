package io.carillon.console.internal.runs;

import io.carillon.topics.events.RunStatus;

/**
 * How far a run has come, as a number that only grows: the non-terminal statuses in their declared order
 * (WAITING, STARTED, PROGRESS), then every terminal status at one common, highest rank.
 */
final class RunStatusRank {

    private RunStatusRank() {}

    /** The rank every terminal status has. */
    static int terminal() {
        int rank = 1;
        for (RunStatus status : RunStatus.values()) {
            if (!status.isTerminal()) {
                rank++;
            }
        }
        return rank;
    }

    static int of(RunStatus status) {
        int rank = 1;
        for (RunStatus candidate : RunStatus.values()) {
            if (candidate == status) {
                return status.isTerminal() ? terminal() : rank;
            }
            if (!candidate.isTerminal()) {
                rank++;
            }
        }
        throw new IllegalArgumentException("unknown status " + status);
    }

    /** A SQL expression of the rank of the status name in {@code column}. */
    static String sql(String column) {
        StringBuilder sql = new StringBuilder("(CASE ").append(column);
        for (RunStatus status : RunStatus.values()) {
            if (!status.isTerminal()) {
                sql.append(" WHEN '").append(status.name()).append("' THEN ").append(of(status));
            }
        }
        return sql.append(" ELSE ").append(terminal()).append(" END)").toString();
    }
}
