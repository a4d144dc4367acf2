package io.carillon.console.internal.support;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code managed_by_app} column of a definition table keyed by {@code id} (calendars, concurrency limits): the
 * app whose declarations set a row, null for one managed in the console. Statements run in the caller's transaction.
 */
public final class ManagingApps {

    private static final Pattern TABLE = Pattern.compile("[a-z_]+");

    private final JdbcClient jdbc;
    private final String table;

    public ManagingApps(JdbcClient jdbc, String table) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("not a table name: " + table);
        }
        this.jdbc = jdbc;
        this.table = table;
    }

    /** Who manages row {@code id}: empty when there is no such row. */
    public Optional<DeclaredDefinitions.Manager> of(String id) {
        return jdbc.sql("SELECT managed_by_app FROM " + table + " WHERE id = :id")
                .param("id", id)
                .query((row, number) -> Optional.ofNullable(row.getString("managed_by_app")))
                .optional()
                .map(DeclaredDefinitions.Manager::new);
    }

    /** Marks row {@code id} as declared by {@code app}. */
    public void mark(String id, String app) {
        jdbc.sql("UPDATE " + table + " SET managed_by_app = :app WHERE id = :id")
                .param("id", id)
                .param("app", app)
                .update();
    }

    /** The ids of the rows {@code app} declares, in order. */
    public List<String> declaredBy(String app) {
        return jdbc.sql("SELECT id FROM " + table + " WHERE managed_by_app = :app ORDER BY id")
                .param("app", app)
                .query(String.class)
                .list();
    }
}
