package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.access.ReadScope;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;

/** A {@link ReadScope} as an SQL condition on an {@code app} column, with its {@code :readableApps} parameter. */
record AppFilter(ReadScope scope) {

    String condition(String column) {
        if (scope.admin()) {
            return "true";
        }
        if (scope.everyApp()) {
            return column + " IS NOT NULL";
        }
        return scope.apps().isEmpty() ? "false" : column + " IN (:readableApps)";
    }

    StatementSpec bind(StatementSpec statement) {
        return scope.admin() || scope.everyApp() || scope.apps().isEmpty()
                ? statement
                : statement.param("readableApps", List.copyOf(scope.apps()));
    }
}
