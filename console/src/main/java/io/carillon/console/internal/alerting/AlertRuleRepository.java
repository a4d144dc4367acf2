package io.carillon.console.internal.alerting;

import static io.carillon.console.internal.support.AdvisoryLocks.lockForTransaction;
import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Alerting;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code alert_rules} table; callers run its statements in their own transaction. */
@Repository
class AlertRuleRepository {

    /** A scope's row: its rules, and who set them when. */
    record Row(String scope, Alerting rules, Instant updatedAt, String updatedBy) {}

    private static final String LOCK_PREFIX = "carillon.console.alert-rules:";

    private final JdbcClient jdbc;

    AlertRuleRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Row> find(String scope) {
        return jdbc.sql("SELECT scope, rules, updated_at, updated_by FROM alert_rules WHERE scope = :scope")
                .param("scope", scope)
                .query((row, number) -> new Row(
                        row.getString("scope"),
                        EventSerdes.ALERT_RULES.parse(row.getString("rules")),
                        instant(row, "updated_at"),
                        row.getString("updated_by")))
                .optional();
    }

    /**
     * The row of {@code scope}, if any, after taking the scope's advisory lock for the rest of the transaction: changes
     * of one scope, and so their records on the topic, follow each other in commit order, also when the row is new.
     */
    Optional<Row> lock(String scope) {
        lockForTransaction(jdbc, LOCK_PREFIX + scope);
        return find(scope);
    }

    void save(Row row) {
        jdbc.sql("INSERT INTO alert_rules (scope, rules, updated_at, updated_by)"
                        + " VALUES (:scope, CAST(:rules AS jsonb), :updatedAt, :updatedBy)"
                        + " ON CONFLICT (scope) DO UPDATE SET rules = EXCLUDED.rules,"
                        + " updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by")
                .param("scope", row.scope())
                .param("rules", EventSerdes.ALERT_RULES.toJson(row.rules()))
                .param("updatedAt", parameter(row.updatedAt()))
                .param("updatedBy", row.updatedBy())
                .update();
    }

    void delete(String scope) {
        jdbc.sql("DELETE FROM alert_rules WHERE scope = :scope")
                .param("scope", scope)
                .update();
    }
}
