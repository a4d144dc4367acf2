package io.carillon.console.internal.access;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code api_tokens} and {@code token_grants} tables. Writes take part in the caller's transaction. */
@Repository
class TokenRepository {

    /** {@code last_used_at} is written at most this often per token, so a busy token is not a write per request. */
    static final Duration LAST_USED_PRECISION = Duration.ofMinutes(1);

    private static final String COLUMNS = "id, user_name, name, expires_at, created_at, last_used_at, revoked_at";

    private final JdbcClient jdbc;

    TokenRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts {@code token} with the hash of its secret; false when its user has a token of that name. */
    boolean insert(StoredToken token, String secretHash) {
        boolean inserted = jdbc.sql("INSERT INTO api_tokens (id, user_name, name, secret_hash, expires_at, created_at)"
                                + " VALUES (:id, :user, :name, :hash, :expiresAt, :createdAt)"
                                + " ON CONFLICT (user_name, name) DO NOTHING")
                        .param("id", token.id())
                        .param("user", token.userName())
                        .param("name", token.name())
                        .param("hash", secretHash)
                        .param("expiresAt", parameter(token.expiresAt()))
                        .param("createdAt", parameter(token.createdAt()))
                        .update()
                == 1;
        if (inserted) {
            for (Grant grant : token.grants().all()) {
                jdbc.sql("INSERT INTO token_grants (token_id, role, app) VALUES (:id, :role, :app)")
                        .param("id", token.id())
                        .param("role", grant.role().name())
                        .param("app", grant.app())
                        .update();
            }
        }
        return inserted;
    }

    Optional<StoredToken> findBySecretHash(String secretHash) {
        return select(" WHERE secret_hash = :hash", Map.of("hash", secretHash)).stream()
                .findFirst();
    }

    /**
     * The token whose secret hashes to {@code secretHash} with its grants and its user's, in one query, when it is
     * neither revoked nor expired at {@code now} and its user is enabled (an ADMIN's lock and the sign-in
     * throttle concern passwords only).
     */
    Optional<UsableToken> findUsable(String secretHash, Instant now) {
        return jdbc.sql("SELECT t.id, t.user_name, t.name, t.last_used_at,"
                        + " ARRAY(SELECT g.role || ':' || g.app FROM token_grants g WHERE g.token_id = t.id)"
                        + " AS token_grants,"
                        + " ARRAY(SELECT g.role || ':' || g.app FROM user_grants g WHERE g.user_name = t.user_name)"
                        + " AS user_grants"
                        + " FROM api_tokens t JOIN users u ON u.name = t.user_name"
                        + " WHERE t.secret_hash = :hash AND t.revoked_at IS NULL"
                        + " AND (t.expires_at IS NULL OR t.expires_at > :now)"
                        + " AND u.enabled")
                .param("hash", secretHash)
                .param("now", parameter(now))
                .query((row, number) -> new UsableToken(
                        row.getString("id"),
                        row.getString("user_name"),
                        row.getString("name"),
                        instant(row, "last_used_at"),
                        grants(row, "token_grants"),
                        grants(row, "user_grants")))
                .optional();
    }

    Optional<StoredToken> find(String id) {
        return select(" WHERE id = :id", Map.of("id", id)).stream().findFirst();
    }

    /** The tokens of {@code userName}, revoked ones included, newest first. */
    List<StoredToken> findByUser(String userName) {
        return select(" WHERE user_name = :user ORDER BY created_at DESC, id", Map.of("user", userName));
    }

    void revoke(String id, Instant now) {
        jdbc.sql("UPDATE api_tokens SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL")
                .param("id", id)
                .param("now", parameter(now))
                .update();
    }

    /** Whether a use at {@code now} is worth writing: the stored last use is older than the precision. */
    static boolean useIsStale(Instant lastUsedAt, Instant now) {
        return lastUsedAt == null || !lastUsedAt.isAfter(now.minus(LAST_USED_PRECISION));
    }

    void recordUse(String id, Instant now) {
        jdbc.sql("UPDATE api_tokens SET last_used_at = :now WHERE id = :id"
                        + " AND (last_used_at IS NULL OR last_used_at <= :stale)")
                .param("id", id)
                .param("now", parameter(now))
                .param("stale", parameter(now.minus(LAST_USED_PRECISION)))
                .update();
    }

    private List<StoredToken> select(String where, Map<String, Object> params) {
        List<StoredToken> tokens = jdbc.sql("SELECT " + COLUMNS + " FROM api_tokens" + where)
                .params(params)
                .query((row, number) -> token(row, Grants.none()))
                .list();
        if (tokens.isEmpty()) {
            return tokens;
        }
        Map<String, List<Grant>> grants = jdbc
                .sql("SELECT token_id, role, app FROM token_grants" + " WHERE token_id IN (:ids)")
                .param("ids", tokens.stream().map(StoredToken::id).toList())
                .query((row, number) -> Map.entry(
                        row.getString("token_id"),
                        new Grant(Role.valueOf(row.getString("role")), row.getString("app"))))
                .list()
                .stream()
                .collect(Collectors.groupingBy(
                        Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        return tokens.stream()
                .map(token -> new StoredToken(
                        token.id(),
                        token.userName(),
                        token.name(),
                        token.expiresAt(),
                        token.createdAt(),
                        token.lastUsedAt(),
                        token.revokedAt(),
                        Grants.of(grants.getOrDefault(token.id(), List.of()))))
                .toList();
    }

    private static Grants grants(ResultSet row, String column) throws SQLException {
        String[] texts = (String[]) row.getArray(column).getArray();
        return Grants.of(Arrays.stream(texts).map(Grant::parse).toList());
    }

    /** A usable token: its user's name, its name and last use, its own grants and its user's. */
    record UsableToken(String id, String userName, String name, Instant lastUsedAt, Grants grants, Grants userGrants) {}

    private static StoredToken token(ResultSet row, Grants grants) throws SQLException {
        return new StoredToken(
                row.getString("id"),
                row.getString("user_name"),
                row.getString("name"),
                instant(row, "expires_at"),
                instant(row, "created_at"),
                instant(row, "last_used_at"),
                instant(row, "revoked_at"),
                grants);
    }
}
