package io.carillon.console.internal.incidents;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code notification_channels} table; callers run its statements in their own transaction. */
@Repository
class ChannelRepository {

    private static final String COLUMNS = "name, type, target, secret, apps, silence_ms, created_at, updated_at";

    private final JdbcClient jdbc;

    ChannelRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Channel> findAll() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notification_channels ORDER BY name")
                .query((row, number) -> channel(row))
                .list();
    }

    Optional<Channel> find(String name) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notification_channels WHERE name = :name")
                .param("name", name)
                .query((row, number) -> channel(row))
                .optional();
    }

    /** The channel {@code name}, its row locked for the rest of the transaction. */
    Optional<Channel> lock(String name) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notification_channels WHERE name = :name FOR UPDATE")
                .param("name", name)
                .query((row, number) -> channel(row))
                .optional();
    }

    int count() {
        return jdbc.sql("SELECT count(*) FROM notification_channels")
                .query(Integer.class)
                .single();
    }

    /** Inserts {@code channel}; false when its name is taken. */
    boolean insert(Channel channel) {
        return jdbc.sql("INSERT INTO notification_channels (" + COLUMNS + ") VALUES (:name, :type, :target, :secret,"
                                + " :apps, :silenceMs, :createdAt, :updatedAt) ON CONFLICT (name) DO NOTHING")
                        .params(parameters(channel))
                        .update()
                == 1;
    }

    void update(Channel channel) {
        jdbc.sql("UPDATE notification_channels SET type = :type, target = :target, secret = :secret, apps = :apps,"
                        + " silence_ms = :silenceMs, updated_at = :updatedAt WHERE name = :name")
                .params(parameters(channel))
                .update();
    }

    boolean delete(String name) {
        return jdbc.sql("DELETE FROM notification_channels WHERE name = :name")
                        .param("name", name)
                        .update()
                == 1;
    }

    private static Map<String, Object> parameters(Channel channel) {
        return Map.of(
                "name",
                channel.name(),
                "type",
                channel.type().name(),
                "target",
                channel.target(),
                "secret",
                channel.secret() == null ? "" : channel.secret(),
                "apps",
                channel.apps().toArray(String[]::new),
                "silenceMs",
                channel.silenceMs(),
                "createdAt",
                parameter(channel.createdAt()),
                "updatedAt",
                parameter(channel.updatedAt()));
    }

    static Channel channel(ResultSet row) throws SQLException {
        Array apps = row.getArray("apps");
        String secret = row.getString("secret");
        return new Channel(
                row.getString("name"),
                ChannelType.valueOf(row.getString("type")),
                row.getString("target"),
                secret == null || secret.isEmpty() ? null : secret,
                Arrays.asList((String[]) apps.getArray()),
                row.getLong("silence_ms"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}
