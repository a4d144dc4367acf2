package io.carillon.console.internal.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestDatabase;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link RunRepository#upsert} folds a batch into one change per run; on real PostgreSQL, random batches over random
 * stored rows must leave every column (updated_at included) exactly as one upsert per result, in order, with the
 * statement the console used before folding (kept here as the reference, keyed like the partitioned table by run
 * id and scheduled time, which every result of a run carries alike).
 */
class RunUpsertFoldIT {

    private static final long SEED = 20261122L;
    private static final int SCENARIOS = 250;
    private static final int RUNS_PER_SCENARIO = 3;
    private static final int MAX_BATCHES = 4;
    private static final int MAX_BATCH_SIZE = 8;
    private static final Instant BASE = Instant.parse("2026-05-01T12:00:00Z");
    private static final List<Instant> TIMES = List.of(
            BASE,
            BASE.plusMillis(42),
            BASE.plusNanos(1_500),
            BASE.plusNanos(2_499),
            BASE.plusNanos(999_999_500),
            BASE.plusSeconds(3).plusNanos(123_456_789),
            Instant.parse("+12026-05-01T12:00:00Z"),
            Instant.parse("-0044-03-15T12:00:00.5Z"));
    private static final List<RunStatus> STATUSES = List.of(
            RunStatus.STARTED,
            RunStatus.STARTED,
            RunStatus.PROGRESS,
            RunStatus.PROGRESS,
            RunStatus.PROGRESS,
            RunStatus.SUCCEEDED,
            RunStatus.FAILED,
            RunStatus.LOST);
    private static final List<String> MESSAGES = Arrays.asNullable(null, "m1", "m2");
    private static final List<Progress> PROGRESSES =
            Arrays.asNullable(null, new Progress(1, 10, null), new Progress(2, 10, "p2"), new Progress(1, 10, "m1"));

    private static TestDatabase oneByOneDatabase;
    private static TestDatabase foldedDatabase;
    private static NamedParameterJdbcTemplate oneByOne;
    private static NamedParameterJdbcTemplate folded;

    @BeforeAll
    static void migrate() {
        oneByOneDatabase = TestDatabase.create();
        foldedDatabase = TestDatabase.create();
        for (TestDatabase database : List.of(oneByOneDatabase, foldedDatabase)) {
            Flyway.configure()
                    .dataSource(database.dataSource())
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
        }
        oneByOne = new NamedParameterJdbcTemplate(oneByOneDatabase.dataSource());
        folded = new NamedParameterJdbcTemplate(foldedDatabase.dataSource());
    }

    @AfterAll
    static void drop() {
        oneByOneDatabase.close();
        foldedDatabase.close();
    }

    @Test
    void foldedBatchesLeaveTheSameRowsAsOneUpsertPerResult() {
        Random random = new Random(SEED);
        RunRepository repository = new RunRepository(folded);
        TransactionTemplate transactions =
                new TransactionTemplate(new DataSourceTransactionManager(foldedDatabase.dataSource()));
        int forcedBatches = 0;
        for (int scenario = 0; scenario < SCENARIOS; scenario++) {
            int batches = 1 + random.nextInt(MAX_BATCHES);
            for (int batch = 0; batch < batches; batch++) {
                List<RunResult> results = new ArrayList<>();
                int size = random.nextInt(MAX_BATCH_SIZE + 1);
                for (int i = 0; i < size; i++) {
                    results.add(randomResult(random, "s" + scenario + "#" + random.nextInt(RUNS_PER_SCENARIO)));
                }
                Instant now = BASE.plusSeconds(scenario * MAX_BATCHES + batch);
                for (RunResult result : results) {
                    oneByOne.update(ReferenceUpsert.SQL, ReferenceUpsert.parameters(result, now));
                }
                transactions.executeWithoutResult(status -> repository.upsert(results, now));
                if (RunChanges.fold(results).stream().anyMatch(RunChange::forced)) {
                    forcedBatches++;
                }
            }
        }

        List<Map<String, String>> expected = rows(oneByOne);
        assertThat(expected).hasSizeGreaterThan(SCENARIOS);
        assertThat(rows(folded)).containsExactlyElementsOf(expected);
        assertThat(forcedBatches).as("batches with a forced change").isPositive();
    }

    private static List<Map<String, String>> rows(NamedParameterJdbcTemplate jdbc) {
        return jdbc.queryForList("SELECT * FROM runs ORDER BY run_id", Map.of()).stream()
                .map(row -> row.entrySet().stream()
                        .collect(Collectors.toMap(
                                Map.Entry::getKey,
                                entry -> String.valueOf(entry.getValue()),
                                (a, b) -> a,
                                TreeMap::new)))
                .collect(Collectors.<Map<String, String>>toList());
    }

    private static RunResult randomResult(Random random, String runId) {
        RunStatus status = pick(random, STATUSES);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                maybe(random, "fire-" + random.nextInt(2)),
                "job-" + random.nextInt(2),
                maybe(random, "app"),
                maybe(random, "handler-" + random.nextInt(2)),
                maybe(random, "worker-" + random.nextInt(2)),
                status,
                random.nextBoolean() ? null : pick(random, List.of(FireKind.values())),
                1 + random.nextInt(2),
                random.nextInt(2),
                1 + random.nextInt(2),
                TIMES.get(Math.floorMod(runId.hashCode(), TIMES.size())),
                maybe(random, pick(random, TIMES)),
                maybe(random, pick(random, TIMES)),
                pick(random, MESSAGES),
                maybe(random, "Error" + random.nextInt(2)),
                pick(random, PROGRESSES),
                BASE);
    }

    private static <T> T maybe(Random random, T value) {
        return random.nextBoolean() ? value : null;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Lists that may hold null. */
    private static final class Arrays {
        @SafeVarargs
        static <T> List<T> asNullable(T... values) {
            return java.util.Arrays.asList(values);
        }
    }

    /** The one-statement-per-result upsert of the console before results were folded. */
    private static final class ReferenceUpsert {

        private static final List<String> FACTS =
                List.of("fire_id", "app", "handler", "kind", "instance", "started_at", "finished_at");
        private static final List<String> STATUS_BOUND =
                List.of("status", "message", "error_class", "progress_done", "progress_total");
        private static final String COLUMNS = "run_id, fire_id, job_id, app, handler, kind, attempt, shard_index,"
                + " shard_total, status, instance, scheduled_at, started_at, finished_at, message, error_class,"
                + " progress_done, progress_total, updated_at";
        static final String SQL = upsertSql();

        private static String upsertSql() {
            String incoming = RunStatusRank.sql("EXCLUDED.status");
            String stored = RunStatusRank.sql("r.status");
            String advances = "(" + incoming + " > " + stored + " OR (" + incoming + " = " + stored + " AND "
                    + stored + " < " + RunStatusRank.terminal() + " AND (EXCLUDED.message, EXCLUDED.progress_done,"
                    + " EXCLUDED.progress_total) IS DISTINCT FROM (r.message, r.progress_done, r.progress_total)))";
            String fillsGap = FACTS.stream()
                    .map(column -> "(r." + column + " IS NULL AND EXCLUDED." + column + " IS NOT NULL)")
                    .collect(Collectors.joining(" OR "));
            String assignments = Stream.concat(
                            FACTS.stream()
                                    .map(column -> column + " = coalesce(r." + column + ", EXCLUDED." + column + ")"),
                            STATUS_BOUND.stream()
                                    .map(column -> column + " = CASE WHEN " + advances + " THEN EXCLUDED." + column
                                            + " ELSE r." + column + " END"))
                    .collect(Collectors.joining(", "));
            return "INSERT INTO runs AS r (" + COLUMNS + ") VALUES (:runId, :fireId, :jobId, :app, :handler, :kind,"
                    + " :attempt, :shardIndex, :shardTotal, :status, :instance, :scheduledAt, :startedAt,"
                    + " :finishedAt, :message, :errorClass, :progressDone, :progressTotal, :updatedAt)"
                    + " ON CONFLICT (run_id, scheduled_at) DO UPDATE SET " + assignments
                    + ", updated_at = EXCLUDED.updated_at"
                    + " WHERE " + advances + " OR " + fillsGap;
        }

        static MapSqlParameterSource parameters(RunResult result, Instant now) {
            String message = result.message() == null && result.progress() != null
                    ? result.progress().message()
                    : result.message();
            return new MapSqlParameterSource()
                    .addValue("runId", result.runId())
                    .addValue("fireId", result.fireId())
                    .addValue("jobId", result.jobId())
                    .addValue("app", result.app())
                    .addValue("handler", result.handler())
                    .addValue(
                            "kind", result.kind() == null ? null : result.kind().name())
                    .addValue("attempt", result.attempt())
                    .addValue("shardIndex", result.shardIndex())
                    .addValue("shardTotal", result.shardTotal())
                    .addValue("status", result.status().name())
                    .addValue("instance", result.instance())
                    .addValue("scheduledAt", utc(result.scheduledAt()))
                    .addValue("startedAt", utc(result.startedAt()))
                    .addValue("finishedAt", utc(result.finishedAt()))
                    .addValue("message", message)
                    .addValue("errorClass", result.errorClass())
                    .addValue(
                            "progressDone",
                            result.progress() == null ? null : result.progress().done())
                    .addValue(
                            "progressTotal",
                            result.progress() == null ? null : result.progress().total())
                    .addValue("updatedAt", utc(now));
        }

        private static Object utc(Instant instant) {
            return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
        }
    }
}
