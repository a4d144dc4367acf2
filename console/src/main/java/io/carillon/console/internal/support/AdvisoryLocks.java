package io.carillon.console.internal.support;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * PostgreSQL advisory locks named by text and held until the transaction ends: the changes of one thing (a
 * workflow, a calendar, a scope of alert rules), and so their records on a topic, follow each other in commit
 * order, also while its row does not exist yet.
 */
public final class AdvisoryLocks {

    private AdvisoryLocks() {}

    /** Waits for, then holds until the current transaction ends, the advisory lock named {@code name}. */
    public static void lockForTransaction(JdbcClient jdbc, String name) {
        jdbc.sql("SELECT pg_advisory_xact_lock(hashtext(:lockName))")
                .param("lockName", name)
                .query((row, number) -> 0)
                .single();
    }
}
