package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.access.ReadScope;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;

/**
 * A {@link ReadScope} as an SQL condition on an {@code app} column, with its {@code :readableApps} parameter; with a
 * {@code jobId}, also on the {@code job_id} column (of the {@code runs} table), with its {@code :jobId} parameter.
 */
record AppFilter(ReadScope scope, String jobId) {

    AppFilter(ReadScope scope) {
        this(scope, null);
    }

    String condition(String column) {
        String job = jobId == null ? "" : " AND job_id = :jobId";
        if (scope.admin()) {
            return "true" + job;
        }
        if (scope.everyApp()) {
            return column + " IS NOT NULL" + job;
        }
        return scope.apps().isEmpty() ? "false" : column + " IN (:readableApps)" + job;
    }

    StatementSpec bind(StatementSpec statement) {
        StatementSpec bound = jobId == null ? statement : statement.param("jobId", jobId);
        return scope.admin() || scope.everyApp() || scope.apps().isEmpty()
                ? bound
                : bound.param("readableApps", List.copyOf(scope.apps()));
    }
}
