package io.carillon.console.internal.audit;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code audit_log} table: append and read, never change. {@link #record} joins the caller's transaction, so an
 * entry exists exactly when its change was committed. Thread-safe.
 */
@Repository
public class AuditLog {

    /** Longest actor or target text stored; longer ones (a user name typed at the login page) are cut. */
    static final int MAX_NAME_LENGTH = 200;

    /** The start of a statement that adds an entry; its columns end with before, after and outcome. */
    public static final String INSERT = "INSERT INTO audit_log (at, actor, source_address, action, target_type,"
            + " target, target_app, before, after, outcome)";
    /** The values of {@link #INSERT}'s first seven columns, as named parameters {@link #entry} fills. */
    public static final String ENTRY_VALUES =
            ":auditAt, :auditActor, :auditAddress, :auditAction, :auditTargetType," + " :auditTarget, :auditTargetApp";

    private final JdbcClient jdbc;
    private final ActorSource actors;
    private final Clock clock;

    public AuditLog(JdbcClient jdbc, ActorSource actors, Clock clock) {
        this.jdbc = jdbc;
        this.actors = actors;
        this.clock = clock;
    }

    /** Records an action of the current caller on {@code target}. */
    public void record(
            AuditAction action,
            String targetType,
            String target,
            String targetApp,
            String before,
            String after,
            AuditOutcome outcome) {
        ActorSource.Actor actor = actors.current();
        record(actor.name(), actor.address(), action, targetType, target, targetApp, before, after, outcome);
    }

    /** Records an action of {@code actor}, for the actions that happen before a caller exists (logins). */
    public void record(
            String actor,
            String sourceAddress,
            AuditAction action,
            String targetType,
            String target,
            String targetApp,
            String before,
            String after,
            AuditOutcome outcome) {
        jdbc.sql(INSERT + " VALUES (" + ENTRY_VALUES
                        + ", CAST(:before AS jsonb), CAST(:after AS jsonb), :auditOutcome)")
                .params(entry(actor, sourceAddress, action, targetType, target, targetApp, outcome))
                .param("before", before)
                .param("after", after)
                .update();
    }

    /**
     * An entry of the current caller's {@code action} on {@code target} without its before and after JSON, as the
     * named parameters of {@link #ENTRY_VALUES} (and {@code auditOutcome}), for a statement that writes the entry
     * together with its change: {@code INSERT ... SELECT ENTRY_VALUES, before, after, :auditOutcome FROM ...}.
     */
    public Map<String, Object> entry(
            AuditAction action, String targetType, String target, String targetApp, AuditOutcome outcome) {
        ActorSource.Actor actor = actors.current();
        return entry(actor.name(), actor.address(), action, targetType, target, targetApp, outcome);
    }

    private Map<String, Object> entry(
            String actor,
            String sourceAddress,
            AuditAction action,
            String targetType,
            String target,
            String targetApp,
            AuditOutcome outcome) {
        Map<String, Object> entry = new HashMap<>();
        entry.put("auditAt", parameter(clock.instant()));
        entry.put("auditActor", cut(actor));
        entry.put("auditAddress", sourceAddress);
        entry.put("auditAction", action.name());
        entry.put("auditTargetType", targetType);
        entry.put("auditTarget", cut(target));
        entry.put("auditTargetApp", targetApp);
        entry.put("auditOutcome", outcome.name());
        return entry;
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
        return jdbc.sql(sql.toString())
                .params(params)
                .query((row, number) -> new AuditEntry(
                        row.getLong("id"),
                        instant(row, "at"),
                        row.getString("actor"),
                        row.getString("source_address"),
                        AuditAction.valueOf(row.getString("action")),
                        row.getString("target_type"),
                        row.getString("target"),
                        row.getString("target_app"),
                        row.getString("before"),
                        row.getString("after"),
                        AuditOutcome.valueOf(row.getString("outcome"))))
                .list();
    }

    private static String cut(String text) {
        return text == null || text.length() <= MAX_NAME_LENGTH ? text : text.substring(0, MAX_NAME_LENGTH);
    }
}
