package io.carillon.console.internal.access;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code users} and {@code user_grants} tables. Writes take part in the caller's transaction. */
@Repository
class UserRepository {

    private static final String COLUMNS =
            "name, password_hash, source, enabled, locked_at, locked_by," + " created_at, updated_at";

    private final JdbcClient jdbc;

    UserRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    boolean any() {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM users)")
                .query(Boolean.class)
                .single();
    }

    Optional<StoredUser> find(String name) {
        return select(" WHERE name = :name", Map.of("name", name)).stream().findFirst();
    }

    /** Locks the row of user {@code name} until the transaction ends; empty when there is no such user. */
    Optional<StoredUser> lock(String name) {
        return select(" WHERE name = :name FOR UPDATE", Map.of("name", name)).stream()
                .findFirst();
    }

    List<StoredUser> findAll() {
        return select(" ORDER BY name", Map.of());
    }

    /** Inserts {@code user}; false when the name is taken. */
    boolean insert(StoredUser user) {
        boolean inserted = jdbc.sql("INSERT INTO users (" + COLUMNS + ") VALUES (:name, :hash, :source, :enabled, NULL,"
                                + " NULL, :createdAt, :updatedAt) ON CONFLICT (name) DO NOTHING")
                        .param("name", user.name())
                        .param("hash", user.passwordHash())
                        .param("source", user.source().name())
                        .param("enabled", user.enabled())
                        .param("createdAt", parameter(user.createdAt()))
                        .param("updatedAt", parameter(user.updatedAt()))
                        .update()
                == 1;
        if (inserted) {
            replaceGrants(user.name(), user.grants());
        }
        return inserted;
    }

    void update(String name, boolean enabled, Grants grants, Instant now) {
        jdbc.sql("UPDATE users SET enabled = :enabled, updated_at = :now WHERE name = :name")
                .param("name", name)
                .param("enabled", enabled)
                .param("now", parameter(now))
                .update();
        replaceGrants(name, grants);
    }

    void setPassword(String name, String hash, Instant now) {
        jdbc.sql("UPDATE users SET password_hash = :hash, updated_at = :now WHERE name = :name")
                .param("name", name)
                .param("hash", hash)
                .param("now", parameter(now))
                .update();
    }

    void delete(String name) {
        jdbc.sql("DELETE FROM users WHERE name = :name").param("name", name).update();
    }

    /** Locks user {@code name} by ADMIN {@code by}, or lifts its lock when {@code by} is null. */
    void setLock(String name, String by, Instant now) {
        jdbc.sql("UPDATE users SET locked_at = :lockedAt, locked_by = :by, updated_at = :now WHERE name = :name")
                .param("name", name)
                .param("lockedAt", by == null ? null : parameter(now))
                .param("by", by)
                .param("now", parameter(now))
                .update();
    }

    /** Enabled users other than {@code name} holding ADMIN. */
    long otherEnabledAdmins(String name) {
        return jdbc.sql("SELECT count(*) FROM users u JOIN user_grants g ON g.user_name = u.name"
                        + " WHERE g.role = 'ADMIN' AND u.enabled AND u.name <> :name")
                .param("name", name)
                .query(Long.class)
                .single();
    }

    void replaceGrants(String name, Grants grants) {
        jdbc.sql("DELETE FROM user_grants WHERE user_name = :name")
                .param("name", name)
                .update();
        for (Grant grant : grants.all()) {
            jdbc.sql("INSERT INTO user_grants (user_name, role, app) VALUES (:name, :role, :app)")
                    .param("name", name)
                    .param("role", grant.role().name())
                    .param("app", grant.app())
                    .update();
        }
    }

    private List<StoredUser> select(String where, Map<String, Object> params) {
        List<Row> rows = jdbc.sql("SELECT " + COLUMNS + " FROM users" + where)
                .params(params)
                .query((row, number) -> new Row(
                        row.getString("name"),
                        row.getString("password_hash"),
                        UserSource.valueOf(row.getString("source")),
                        row.getBoolean("enabled"),
                        instant(row, "locked_at"),
                        row.getString("locked_by"),
                        instant(row, "created_at"),
                        instant(row, "updated_at")))
                .list();
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, List<Grant>> grants = jdbc
                .sql("SELECT user_name, role, app FROM user_grants" + " WHERE user_name IN (:names)")
                .param("names", rows.stream().map(Row::name).toList())
                .query((row, number) -> Map.entry(
                        row.getString("user_name"),
                        new Grant(Role.valueOf(row.getString("role")), row.getString("app"))))
                .list()
                .stream()
                .collect(Collectors.groupingBy(
                        Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        List<StoredUser> users = new ArrayList<>(rows.size());
        for (Row row : rows) {
            users.add(new StoredUser(
                    row.name,
                    row.hash,
                    row.source,
                    row.enabled,
                    row.lockedAt,
                    row.lockedBy,
                    Grants.of(grants.getOrDefault(row.name, List.of())),
                    row.createdAt,
                    row.updatedAt));
        }
        return users;
    }

    private record Row(
            String name,
            String hash,
            UserSource source,
            boolean enabled,
            Instant lockedAt,
            String lockedBy,
            Instant createdAt,
            Instant updatedAt) {}
}
