package io.carillon.console.internal.jobs;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.support.SqlTimes;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code jobs} and {@code apps} tables. Writes take part in the caller's transaction. */
@Repository
public class JobRepository {

    private static final String CREATE = """
            WITH next AS (
                SELECT coalesce(max(version), 0) + 1 AS version FROM job_outbox WHERE job_id = :id
            ), stored AS (
                SELECT next.version, jsonb_set(CAST(:definition AS jsonb), '{version}', to_jsonb(next.version))
                    AS definition FROM next
            ), app AS (
                INSERT INTO apps (name, created_at) SELECT :app, :now
                WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE id = :id) ON CONFLICT (name) DO NOTHING
            ), job AS (
                INSERT INTO jobs (id, app, handler, definition, version, enabled, created_at, updated_at)
                SELECT :id, :app, :handler, stored.definition, stored.version, :enabled, :now, :now FROM stored
                ON CONFLICT (id) DO NOTHING
                RETURNING version, definition
            ), outbox AS (
                INSERT INTO job_outbox (job_id, version, payload, created_at)
                SELECT :id, version, definition, :now FROM job
            ), audit AS (
            """ + AuditLog.INSERT + " SELECT " + AuditLog.ENTRY_VALUES + """
                , NULL, definition, :auditOutcome FROM job
            )
            SELECT version FROM job""";

    private final JdbcClient jdbc;

    public JobRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records that worker app {@code app} exists, if not known yet. */
    public void registerApp(String app, Instant now) {
        jdbc.sql("INSERT INTO apps (name, created_at) VALUES (:name, :now) ON CONFLICT (name) DO NOTHING")
                .param("name", app)
                .param("now", parameter(now))
                .update();
    }

    /**
     * Creates {@code job} in one statement, so in one transaction (the caller's when there is one): the next version
     * of its id (one above the highest in the outbox, deletes included), its app when the id is free, its
     * {@code jobs} row, its {@code job_outbox} row and its audit entry ({@code auditEntry} from
     * {@link AuditLog#entry}, with the stored definition as {@code after}), all holding the definition with that
     * version.
     *
     * @return the version the job got, or empty when a job with its id exists (then nothing was written)
     */
    public OptionalLong create(JobDefinition job, Instant now, Map<String, Object> auditEntry) {
        return jdbc.sql(CREATE)
                .params(auditEntry)
                .param("id", job.id())
                .param("app", job.app())
                .param("handler", job.handler())
                .param("definition", EventSerdes.JOB.toJson(job))
                .param("enabled", job.enabled())
                .param("now", parameter(now))
                .query(Long.class)
                .optional()
                .map(OptionalLong::of)
                .orElseGet(OptionalLong::empty);
    }

    /** Replaces the stored definition of {@code job.id()}, which must exist. */
    public void update(JobDefinition job, Instant now) {
        jdbc.sql("UPDATE jobs SET app = :app, handler = :handler, definition = CAST(:definition AS jsonb),"
                        + " version = :version, enabled = :enabled, updated_at = :now WHERE id = :id")
                .param("id", job.id())
                .param("app", job.app())
                .param("handler", job.handler())
                .param("definition", EventSerdes.JOB.toJson(job))
                .param("version", job.version())
                .param("enabled", job.enabled())
                .param("now", parameter(now))
                .update();
    }

    /** Locks the row of job {@code id} until the transaction ends and returns its version; empty when unknown. */
    public OptionalLong lockVersion(String id) {
        return jdbc.sql("SELECT version FROM jobs WHERE id = :id FOR UPDATE")
                .param("id", id)
                .query(Long.class)
                .optional()
                .map(OptionalLong::of)
                .orElseGet(OptionalLong::empty);
    }

    public void delete(String id) {
        jdbc.sql("DELETE FROM jobs WHERE id = :id").param("id", id).update();
    }

    public Optional<JobDefinition> find(String id) {
        return jdbc.sql("SELECT definition::text FROM jobs WHERE id = :id")
                .param("id", id)
                .query(String.class)
                .optional()
                .map(EventSerdes.JOB::parse);
    }

    /** Who manages job {@code id}: empty when the console does (or there is no such job). */
    public Optional<ManagedBy> managedBy(String id) {
        return jdbc.sql("SELECT managed_by_app, managed_version, orphaned_at FROM jobs WHERE id = :id"
                        + " AND managed_by_app IS NOT NULL")
                .param("id", id)
                .query((row, number) -> ManagedBy.of(
                        row.getString("managed_by_app"),
                        row.getString("managed_version"),
                        SqlTimes.instant(row, "orphaned_at")))
                .optional();
    }

    /** Who manages each job an app manages, by job id. */
    public java.util.Map<String, ManagedBy> managedJobs() {
        java.util.Map<String, ManagedBy> managed = new java.util.HashMap<>();
        jdbc.sql("SELECT id, managed_by_app, managed_version, orphaned_at FROM jobs WHERE managed_by_app IS NOT NULL")
                .query(row -> {
                    managed.put(
                            row.getString("id"),
                            ManagedBy.of(
                                    row.getString("managed_by_app"),
                                    row.getString("managed_version"),
                                    SqlTimes.instant(row, "orphaned_at")));
                });
        return managed;
    }

    /** Marks job {@code id} as declared by version {@code version} of {@code app}, and not orphaned. */
    public void markManaged(String id, String app, String version) {
        jdbc.sql("UPDATE jobs SET managed_by_app = :app, managed_version = :version, orphaned_at = NULL"
                        + " WHERE id = :id")
                .param("id", id)
                .param("app", app)
                .param("version", version)
                .update();
    }

    /** Marks job {@code id} as no longer declared by its app's newest version, since {@code at}. */
    public void markOrphaned(String id, Instant at) {
        jdbc.sql("UPDATE jobs SET orphaned_at = :at WHERE id = :id AND orphaned_at IS NULL")
                .param("id", id)
                .param("at", parameter(at))
                .update();
    }

    /** Makes job {@code id} a job managed in the console. */
    public void clearManaged(String id) {
        jdbc.sql("UPDATE jobs SET managed_by_app = NULL, managed_version = NULL, orphaned_at = NULL WHERE id = :id")
                .param("id", id)
                .update();
    }

    /** The ids of the jobs {@code app} manages that are not orphaned yet, by id. */
    public List<String> managedIds(String app) {
        return jdbc.sql("SELECT id FROM jobs WHERE managed_by_app = :app AND orphaned_at IS NULL ORDER BY id")
                .param("app", app)
                .query(String.class)
                .list();
    }

    public boolean exists(String id) {
        return jdbc.sql("SELECT count(*) FROM jobs WHERE id = :id")
                        .param("id", id)
                        .query(Long.class)
                        .single()
                > 0;
    }

    /**
     * Whether job id {@code id} is {@code <workflow>.<node>} of an inline node (one without {@code jobId}) of a stored
     * workflow: the job the workflow engine publishes for that node.
     */
    public boolean isInlineNodeJob(String id) {
        int dot = id == null ? -1 : id.lastIndexOf('.');
        if (dot <= 0) {
            return false;
        }
        return jdbc.sql("SELECT count(*) FROM workflows, jsonb_array_elements(definition -> 'nodes') AS node"
                                + " WHERE workflows.id = :workflow AND node ->> 'id' = :node"
                                + " AND node ->> 'jobId' IS NULL")
                        .param("workflow", id.substring(0, dot))
                        .param("node", id.substring(dot + 1))
                        .query(Long.class)
                        .single()
                > 0;
    }

    /** The jobs of {@code apps}, ordered by id. */
    public List<JobDefinition> findByApps(java.util.Collection<String> apps) {
        if (apps.isEmpty()) {
            return List.of();
        }
        return jdbc
                .sql("SELECT definition::text FROM jobs WHERE app IN (:apps) ORDER BY id")
                .param("apps", List.copyOf(apps))
                .query(String.class)
                .list()
                .stream()
                .map(EventSerdes.JOB::parse)
                .toList();
    }

    /** Every job, ordered by id. */
    public List<JobDefinition> findAll() {
        return jdbc.sql("SELECT definition::text FROM jobs ORDER BY id").query(String.class).list().stream()
                .map(EventSerdes.JOB::parse)
                .toList();
    }
}
