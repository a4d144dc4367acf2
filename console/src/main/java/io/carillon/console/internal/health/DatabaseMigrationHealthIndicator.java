package io.carillon.console.internal.health;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * Health {@code carillonDatabaseMigration}: UP when the console's schema has every Flyway migration of this build
 * applied (the database is reachable and migrated), DOWN counting the pending ones; UNKNOWN when Flyway is off. In
 * the console's readiness group.
 *
 * <p>Thread-safe.
 */
@Component("carillonDatabaseMigrationHealthIndicator")
class DatabaseMigrationHealthIndicator extends AbstractHealthIndicator {

    private final ObjectProvider<Flyway> flyway;

    DatabaseMigrationHealthIndicator(ObjectProvider<Flyway> flyway) {
        super("database migration check failed");
        this.flyway = flyway;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Flyway migrations = flyway.getIfAvailable();
        if (migrations == null) {
            builder.unknown().withDetail("reason", "Flyway is off (spring.flyway.enabled=false)");
            return;
        }
        MigrationInfo current = migrations.info().current();
        MigrationInfo[] pending = migrations.info().pending();
        builder.withDetail("version", current == null ? "none" : current.getVersion().getVersion());
        if (pending.length == 0) {
            builder.up();
        } else {
            builder.down().withDetail("pending", pending.length);
        }
    }
}
