package io.carillon.console.internal.declarations;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.events.AppDeclarations;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code app_declarations} table: the newest declaration set applied per app. Joins the caller's transaction. */
@Repository
class DeclarationRepository {

    private final JdbcClient jdbc;

    DeclarationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Locks the row of {@code app} until the transaction ends (so two consoles reconcile one app one after the
     * other) and returns the app version of its newest applied set; empty when none was applied yet.
     */
    Optional<String> lockNewestVersion(String app) {
        return jdbc.sql("SELECT app_version FROM app_declarations WHERE app = :app FOR UPDATE")
                .param("app", app)
                .query(String.class)
                .optional();
    }

    /** Records {@code declarations} as the newest set applied for its app. */
    void saveApplied(AppDeclarations declarations, Instant now) {
        jdbc.sql("INSERT INTO app_declarations (app, app_version, job_ids, instance_id, declared_at, applied_at)"
                        + " VALUES (:app, :version, :ids, :instance, :declaredAt, :now)"
                        + " ON CONFLICT (app) DO UPDATE SET app_version = EXCLUDED.app_version,"
                        + " job_ids = EXCLUDED.job_ids, instance_id = EXCLUDED.instance_id,"
                        + " declared_at = EXCLUDED.declared_at, applied_at = EXCLUDED.applied_at")
                .param("app", declarations.app())
                .param("version", declarations.appVersion())
                .param("ids", declarations.jobs().stream().map(job -> job.id()).toArray(String[]::new))
                .param("instance", declarations.instanceId())
                .param("declaredAt", parameter(declarations.declaredAt() == null ? now : declarations.declaredAt()))
                .param("now", parameter(now))
                .update();
    }
}
