package io.carillon.console.internal.audit;

import static io.carillon.console.internal.SqlTimes.instant;
import static io.carillon.console.internal.SqlTimes.parameter;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import io.carillon.console.internal.access.Caller;
import io.carillon.console.internal.access.CurrentCaller;

/**
 * The {@code audit_log} table: append and read, never change. {@link #record} joins the caller's transaction, so an
 * entry exists exactly when its change was committed. Thread-safe.
 */
@Repository
public class AuditLog {

    /** Longest actor or target text stored; longer ones (a user name typed at the login page) are cut. */
    static final int MAX_NAME_LENGTH = 200;

    private final JdbcClient jdbc;
    private final CurrentCaller callers;
    private final Clock clock;

    public AuditLog(JdbcClient jdbc, CurrentCaller callers, Clock clock) {
        this.jdbc = jdbc;
        this.callers = callers;
        this.clock = clock;
    }

    /** Records an action of the current caller on {@code target}. */
    public void record(AuditAction action, String targetType, String target, String targetApp, String before,
            String after, AuditOutcome outcome) {
        Caller caller = callers.get();
        record(caller.actor(), caller.address(), action, targetType, target, targetApp, before, after, outcome);
    }

    /** Records an action of {@code actor}, for the actions that happen before a caller exists (logins). */
    public void record(String actor, String sourceAddress, AuditAction action, String targetType, String target,
            String targetApp, String before, String after, AuditOutcome outcome) {
        jdbc.sql("INSERT INTO audit_log (at, actor, source_address, action, target_type, target, target_app,"
                        + " before, after, outcome) VALUES (:at, :actor, :address, :action, :targetType, :target,"
                        + " :targetApp, CAST(:before AS jsonb), CAST(:after AS jsonb), :outcome)")
                .param("at", parameter(clock.instant()))
                .param("actor", cut(actor))
                .param("address", sourceAddress)
                .param("action", action.name())
                .param("targetType", targetType)
                .param("target", cut(target))
                .param("targetApp", targetApp)
                .param("before", before)
                .param("after", after)
                .param("outcome", outcome.name())
                .update();
    }

    /**
     * The newest entries matching {@code query}, at most {@code limit}, newest first, and only those before entry
     * {@code query.beforeId()} when set (keyset paging).
     */
    public List<AuditEntry> find(AuditQuery query, int limit) {
        StringBuilder sql = new StringBuilder("SELECT * FROM audit_log WHERE true");
        List<Object> params = new ArrayList<>();
        if (query.actor() != null) {
            sql.append(" AND actor = ?");
            params.add(query.actor());
        }
        if (query.action() != null) {
            sql.append(" AND action = ?");
            params.add(query.action().name());
        }
        if (query.target() != null) {
            sql.append(" AND target = ?");
            params.add(query.target());
        }
        if (query.from() != null) {
            sql.append(" AND at >= ?");
            params.add(parameter(query.from()));
        }
        if (query.to() != null) {
            sql.append(" AND at < ?");
            params.add(parameter(query.to()));
        }
        if (query.apps() != null && query.apps().contains(AuditQuery.EVERY_APP)) {
            sql.append(" AND target_app IS NOT NULL");
        } else if (query.apps() != null) {
            sql.append(" AND target_app = ANY (?)");
            params.add(query.apps().toArray(String[]::new));
        }
        if (query.beforeId() != null) {
            sql.append(" AND id < ?");
            params.add(query.beforeId());
        }
        sql.append(" ORDER BY id DESC LIMIT ?");
        params.add(limit);
        return jdbc.sql(sql.toString()).params(params).query((row, number) -> new AuditEntry(row.getLong("id"),
                instant(row, "at"), row.getString("actor"), row.getString("source_address"),
                AuditAction.valueOf(row.getString("action")), row.getString("target_type"), row.getString("target"),
                row.getString("target_app"), row.getString("before"), row.getString("after"),
                AuditOutcome.valueOf(row.getString("outcome")))).list();
    }

    private static String cut(String text) {
        return text == null || text.length() <= MAX_NAME_LENGTH ? text : text.substring(0, MAX_NAME_LENGTH);
    }
}
