package io.carillon.console.internal.workflows;

import static io.carillon.console.internal.support.AdvisoryLocks.lockForTransaction;
import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.WorkflowDefinition;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The {@code workflows} table, and the apps of the jobs that workflow nodes name; callers run its statements in
 * their transaction.
 */
@Repository
class WorkflowRepository {

    /**
     * A workflow's row: the definition, the apps its nodes run on, who set it when, and the app that declares it
     * (null: managed in the console).
     */
    record Row(
            WorkflowDefinition workflow,
            List<String> apps,
            Instant updatedAt,
            String updatedBy,
            DeclaredBy declaredBy) {

        Row {
            apps = List.copyOf(apps);
        }

        Row(WorkflowDefinition workflow, List<String> apps, Instant updatedAt, String updatedBy) {
            this(workflow, apps, updatedAt, updatedBy, null);
        }
    }

    /** The worker app whose code or configuration declares a workflow, and the app version that last set it. */
    record DeclaredBy(String app, String version) {}

    private static final String LOCK_PREFIX = "carillon.console.workflow:";
    private static final String COLUMNS =
            "definition::text AS definition, apps, updated_at, updated_by, managed_by_app, managed_version";

    private final JdbcClient jdbc;

    WorkflowRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Row> list() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM workflows ORDER BY id")
                .query(this::row)
                .list();
    }

    Optional<Row> find(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM workflows WHERE id = :id")
                .param("id", id)
                .query(this::row)
                .optional();
    }

    /**
     * The row of {@code id}, if any, after taking the workflow's advisory lock for the rest of the transaction: the
     * changes of one workflow, and so their records on the topic, follow each other in commit order.
     */
    Optional<Row> lock(String id) {
        lockForTransaction(jdbc, LOCK_PREFIX + id);
        return find(id);
    }

    void save(Row row) {
        jdbc.sql("INSERT INTO workflows (id, definition, apps, version, enabled, updated_at, updated_by)"
                        + " VALUES (:id, CAST(:definition AS jsonb), CAST(:apps AS text[]), :version, :enabled,"
                        + " :updatedAt, :updatedBy)"
                        + " ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, apps = EXCLUDED.apps,"
                        + " version = EXCLUDED.version, enabled = EXCLUDED.enabled,"
                        + " updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by")
                .param("id", row.workflow().id())
                .param("definition", EventSerdes.WORKFLOW.toJson(row.workflow()))
                .param("apps", arrayLiteral(row.apps()))
                .param("version", row.workflow().version())
                .param("enabled", row.workflow().enabled())
                .param("updatedAt", parameter(row.updatedAt()))
                .param("updatedBy", row.updatedBy())
                .update();
    }

    void delete(String id) {
        jdbc.sql("DELETE FROM workflows WHERE id = :id").param("id", id).update();
    }

    /** Marks workflow {@code id} as declared by version {@code version} of app {@code app}. */
    void markDeclared(String id, String app, String version) {
        jdbc.sql("UPDATE workflows SET managed_by_app = :app, managed_version = :version WHERE id = :id")
                .param("id", id)
                .param("app", app)
                .param("version", version)
                .update();
    }

    /** The ids of the workflows app {@code app} declares. */
    List<String> declaredIds(String app) {
        return jdbc.sql("SELECT id FROM workflows WHERE managed_by_app = :app ORDER BY id")
                .param("app", app)
                .query(String.class)
                .list();
    }

    /** The app of each of the jobs {@code jobIds} that exists. */
    Map<String, String> appsOfJobs(Collection<String> jobIds) {
        Map<String, String> apps = new LinkedHashMap<>();
        if (jobIds.isEmpty()) {
            return apps;
        }
        jdbc.sql("SELECT id, app FROM jobs WHERE id IN (:ids)")
                .param("ids", List.copyOf(jobIds))
                .query((row, number) -> apps.put(row.getString("id"), row.getString("app")))
                .list();
        return apps;
    }

    private Row row(ResultSet row, int number) throws SQLException {
        Array apps = row.getArray("apps");
        return new Row(
                EventSerdes.WORKFLOW.parse(row.getString("definition")),
                Arrays.asList((String[]) apps.getArray()),
                instant(row, "updated_at"),
                row.getString("updated_by"),
                row.getString("managed_by_app") == null
                        ? null
                        : new DeclaredBy(row.getString("managed_by_app"), row.getString("managed_version")));
    }

    private static String arrayLiteral(List<String> values) {
        StringBuilder literal = new StringBuilder("{");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                literal.append(',');
            }
            literal.append('"')
                    .append(values.get(i).replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        }
        return literal.append('}').toString();
    }
}
