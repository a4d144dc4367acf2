package io.carillon.console.internal.dashboard;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Counts the jobs of readable apps in the {@code jobs} table. Thread-safe. */
@Repository
class JobCounts {

    /** All jobs and the enabled ones. */
    record Counts(long jobs, long enabled) {}

    private final JdbcClient jdbc;

    JobCounts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Counts count(AppFilter apps) {
        return apps.bind(jdbc.sql("SELECT count(*) AS jobs, count(*) FILTER (WHERE enabled) AS enabled FROM jobs"
                        + " WHERE " + apps.condition("app")))
                .query((row, number) -> new Counts(row.getLong("jobs"), row.getLong("enabled")))
                .single();
    }
}
