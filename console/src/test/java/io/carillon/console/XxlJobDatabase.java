package io.carillon.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A fresh, uniquely named database on the MariaDB server at {@value #SERVER} (user root, no password), holding
 * xxl-job's tables and sample jobs from SQL resources; {@link #close} drops it.
 */
final class XxlJobDatabase implements AutoCloseable {

    static final String SERVER = "jdbc:mariadb://127.0.0.1:3306/";
    static final String USER = "root";

    private final String name =
            "carillon_xxl_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    XxlJobDatabase(String... scripts) {
        execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), USER, null);
                Statement statement = connection.createStatement()) {
            for (String script : scripts) {
                for (String sql : read(script).split(";\\s*\\n")) {
                    if (!sql.lines().allMatch(line -> line.isBlank() || line.startsWith("--"))) {
                        statement.execute(sql);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot load " + String.join(", ", scripts) + " into " + name, e);
        }
    }

    String jdbcUrl() {
        return SERVER + name;
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name);
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(SERVER, USER, null);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("MariaDB at " + SERVER + " refused: " + sql, e);
        }
    }

    private static String read(String resource) {
        try (InputStream in = XxlJobDatabase.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
