package io.carillon.console.internal.health;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * Health {@code carillonDatabaseMigration}: UP when the console's schema has every Flyway migration of this build
 * applied (the database is reachable and migrated), DOWN counting the pending ones; UNKNOWN when Flyway is off. In
 * the console's readiness group. Once every migration is applied the answer is kept (a running console's migrations
 * do not change; whether the database answers is health {@code db}), so a probe reads Flyway's history once.
 *
 * <p>Thread-safe.
 */
@Component("carillonDatabaseMigrationHealthIndicator")
class DatabaseMigrationHealthIndicator extends AbstractHealthIndicator {

    private final ObjectProvider<Flyway> flyway;
    private volatile String migratedVersion;

    DatabaseMigrationHealthIndicator(ObjectProvider<Flyway> flyway) {
        super("database migration check failed");
        this.flyway = flyway;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (migratedVersion != null) {
            builder.up().withDetail("version", migratedVersion);
            return;
        }
        Flyway migrations = flyway.getIfAvailable();
        if (migrations == null) {
            builder.unknown().withDetail("reason", "Flyway is off (spring.flyway.enabled=false)");
            return;
        }
        MigrationInfoService info = migrations.info();
        MigrationInfo current = info.current();
        String version = current == null ? "none" : current.getVersion().getVersion();
        MigrationInfo[] pending = info.pending();
        builder.withDetail("version", version);
        if (pending.length == 0) {
            migratedVersion = version;
            builder.up();
        } else {
            builder.down().withDetail("pending", pending.length);
        }
    }
}
