package io.carillon.console.internal.workers;

import io.carillon.console.internal.workers.AppView.UnservedJob;
import io.carillon.topics.Json;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What the apps view reads of the {@code apps} and {@code jobs} tables. Stateless and thread-safe. */
@Repository
class AppJobs {

    private final JdbcClient jdbc;

    public AppJobs(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The names of the registered apps. */
    public List<String> appNames() {
        return jdbc.sql("SELECT name FROM apps ORDER BY name")
                .query(String.class)
                .list();
    }

    /** The number of enabled jobs of each app and handler. */
    public Map<String, Map<String, Long>> enabledJobsByHandler() {
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        jdbc.sql("SELECT app, handler, count(*) AS jobs FROM jobs WHERE enabled GROUP BY app, handler")
                .query(row -> {
                    counts.computeIfAbsent(row.getString("app"), app -> new TreeMap<>())
                            .put(row.getString("handler"), row.getLong("jobs"));
                });
        return counts;
    }

    /** The enabled jobs that name instances they must run on, with those instances. */
    public List<PinnedJob> pinnedJobs() {
        return jdbc.sql("SELECT id, app, handler, definition->'pinnedInstances' AS pinned FROM jobs WHERE enabled"
                        + " AND jsonb_typeof(definition->'pinnedInstances') = 'array'"
                        + " AND jsonb_array_length(definition->'pinnedInstances') > 0")
                .query((row, number) -> new PinnedJob(
                        row.getString("id"),
                        row.getString("app"),
                        row.getString("handler"),
                        List.of(Json.mapper().readValue(row.getString("pinned"), String[].class))))
                .list();
    }

    /** The first {@code limit} enabled jobs of {@code app} by id whose handler is one of {@code handlers}. */
    public List<UnservedJob> jobsWithHandlers(String app, Collection<String> handlers, int limit) {
        if (handlers.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT id, handler FROM jobs WHERE enabled AND app = :app AND handler IN (:handlers)"
                        + " ORDER BY id LIMIT :limit")
                .param("app", app)
                .param("handlers", List.copyOf(handlers))
                .param("limit", limit)
                .query((row, number) -> new UnservedJob(row.getString("id"), row.getString("handler"), List.of()))
                .list();
    }

    /** An enabled job restricted to some instances. */
    public record PinnedJob(String id, String app, String handler, List<String> instances) {}
}
