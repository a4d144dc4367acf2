package io.carillon.console.internal.logs;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;
import static io.carillon.console.internal.support.SqlTimes.text;

import io.carillon.console.internal.support.SqlTimes;
import io.carillon.topics.events.LogLine;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The {@code run_logs} and {@code run_log_state} tables. {@code run_logs} is partitioned by day like {@code runs}:
 * the state of a run's log keeps the scheduled time its lines are stored under (its run's, when the run is stored
 * as its first lines arrive; else the first line's time), so a run's lines stay in one partition and a page reads
 * that partition alone. {@link #append} is idempotent: a line at or below the highest
 * seq seen of its run changes nothing, so replaying the logs topic leaves both tables as they are. Stateless and
 * thread-safe; {@link #append} runs in the caller's transaction and locks the state rows of the runs it touches, in
 * run id order, so two transactions appending to the same run follow one another.
 */
@Repository
class LogRepository {

    private static final String STATE_COLUMNS =
            "run_id, job_id, last_seq, lines, bytes, cut_at_seq, cut_reason, cut_lines";
    private static final String LINE_COLUMNS = "seq, at, level, instance, message";

    private final JdbcTemplate jdbc;

    public LogRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Stores {@code lines} (any runs, any order) within {@code cap}, writing {@code now} as the states' update time.
     *
     * @return the ids of the runs that got a line kept
     */
    public Set<String> append(List<LogLine> lines, LogCap cap, Instant now) {
        Map<String, TreeMap<Long, LogLine>> byRun = new TreeMap<>();
        for (LogLine line : lines) {
            byRun.computeIfAbsent(line.runId(), run -> new TreeMap<>()).putIfAbsent(line.seq(), line);
        }
        if (byRun.isEmpty()) {
            return Set.of();
        }
        LockedStates locked = lockStates(byRun, now);
        Map<String, LogState> states = locked.states();
        List<String> lineRuns = new ArrayList<>();
        List<LogLineView> kept = new ArrayList<>();
        List<LogState> changed = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Long, LogLine>> run : byRun.entrySet()) {
            LogState before = states.get(run.getKey());
            LogCap.Appended appended =
                    cap.append(before, List.copyOf(run.getValue().values()));
            if (!appended.state().equals(before)) {
                changed.add(appended.state());
            }
            for (LogLineView line : appended.kept()) {
                lineRuns.add(run.getKey());
                kept.add(line);
            }
        }
        insertLines(lineRuns, kept, locked.days());
        updateStates(changed, now);
        return Set.copyOf(lineRuns);
    }

    /**
     * Creates the missing states of the runs of {@code byRun}, each with the day its lines go to (the stored run's
     * scheduled time, else its first line's time, else {@code now}), and locks every state, in run id order.
     */
    private LockedStates lockStates(Map<String, TreeMap<Long, LogLine>> byRun, Instant now) {
        String[] runIds = byRun.keySet().toArray(String[]::new);
        String[] jobIds = byRun.values().stream()
                .map(lines -> lines.values().stream()
                        .map(LogLine::jobId)
                        .filter(jobId -> jobId != null)
                        .findFirst()
                        .orElse(null))
                .toArray(String[]::new);
        String[] firstAts = byRun.values().stream()
                .map(lines -> text(lines.firstEntry().getValue().at()))
                .toArray(String[]::new);
        execute(
                "INSERT INTO run_log_state (" + STATE_COLUMNS + ", updated_at, run_scheduled_at)"
                        + " SELECT u.run_id, u.job_id, " + LogState.NO_LINE + ", 0, 0, NULL, NULL, 0, ?, coalesce("
                        + "(SELECT min(r.scheduled_at) FROM runs r WHERE r.run_id = u.run_id), u.first_at::timestamptz, ?)"
                        + " FROM unnest(?::text[], ?::text[], ?::text[]) AS u (run_id, job_id, first_at)"
                        + " WHERE NOT EXISTS (SELECT 1 FROM run_log_state s WHERE s.run_id = u.run_id) ORDER BY u.run_id"
                        + " ON CONFLICT (run_id) DO NOTHING",
                parameter(now),
                parameter(now),
                runIds,
                jobIds,
                firstAts);
        Map<String, LogState> states = new HashMap<>();
        Map<String, Instant> days = new HashMap<>();
        jdbc.query(
                "SELECT " + STATE_COLUMNS + ", run_scheduled_at FROM run_log_state WHERE run_id = ANY (?)"
                        + " ORDER BY run_id FOR UPDATE",
                row -> {
                    LogState state = state(row);
                    states.put(state.runId(), state);
                    days.put(state.runId(), instant(row, "run_scheduled_at"));
                },
                (Object) runIds);
        return new LockedStates(states, days);
    }

    private void insertLines(List<String> runIds, List<LogLineView> lines, Map<String, Instant> days) {
        if (lines.isEmpty()) {
            return;
        }
        execute(
                "INSERT INTO run_logs (run_id, run_scheduled_at, " + LINE_COLUMNS + ") SELECT * FROM unnest("
                        + "?::text[], ?::timestamptz[], ?::int8[], ?::timestamptz[], ?::text[], ?::text[], ?::text[])"
                        + " ON CONFLICT (run_id, seq, run_scheduled_at) DO NOTHING",
                runIds.toArray(String[]::new),
                runIds.stream().map(days::get).map(SqlTimes::text).toArray(String[]::new),
                lines.stream().map(LogLineView::seq).toArray(Long[]::new),
                lines.stream().map(line -> text(line.at())).toArray(String[]::new),
                lines.stream().map(LogLineView::level).toArray(String[]::new),
                lines.stream().map(LogLineView::instance).toArray(String[]::new),
                lines.stream().map(LogLineView::message).toArray(String[]::new));
    }

    private void updateStates(List<LogState> states, Instant now) {
        if (states.isEmpty()) {
            return;
        }
        execute(
                "UPDATE run_log_state s SET last_seq = u.last_seq, lines = u.lines, bytes = u.bytes,"
                        + " cut_at_seq = u.cut_at_seq, cut_reason = u.cut_reason, cut_lines = u.cut_lines,"
                        + " updated_at = ? FROM unnest(?::text[], ?::int8[], ?::int4[], ?::int8[], ?::int8[],"
                        + " ?::text[], ?::int8[]) AS u (run_id, last_seq, lines, bytes, cut_at_seq, cut_reason,"
                        + " cut_lines) WHERE s.run_id = u.run_id",
                parameter(now),
                states.stream().map(LogState::runId).toArray(String[]::new),
                states.stream().map(LogState::lastSeq).toArray(Long[]::new),
                states.stream().map(LogState::lines).toArray(Integer[]::new),
                states.stream().map(LogState::bytes).toArray(Long[]::new),
                states.stream().map(LogState::cutAtSeq).toArray(Long[]::new),
                states.stream()
                        .map(state -> state.cutReason() == null
                                ? null
                                : state.cutReason().name())
                        .toArray(String[]::new),
                states.stream().map(LogState::cutLines).toArray(Long[]::new));
    }

    /** The state of run {@code runId}'s log, when a line of it arrived. */
    public Optional<LogState> state(String runId) {
        return jdbc
                .query(
                        "SELECT " + STATE_COLUMNS + " FROM run_log_state WHERE run_id = ?",
                        (row, number) -> state(row),
                        runId)
                .stream()
                .findFirst();
    }

    /** At most {@code limit} kept lines of run {@code runId} with a seq above {@code after}, in seq order. */
    public List<LogLineView> page(String runId, long after, int limit) {
        return jdbc.query(
                "SELECT " + LINE_COLUMNS + " FROM run_logs WHERE run_id = ? AND seq > ? AND"
                        + " run_scheduled_at = (SELECT run_scheduled_at FROM run_log_state WHERE run_id = ?) ORDER BY seq"
                        + " LIMIT ?",
                (row, number) -> line(row),
                runId,
                after,
                runId,
                limit);
    }

    /**
     * For each of {@code positions}, at most {@code limit} kept lines of its run after its seq, in seq order: one
     * query for them all. The answer has one list per position, in the same order.
     */
    List<List<LogLineView>> pages(List<StreamPosition> positions, int limit) {
        List<List<LogLineView>> pages = new ArrayList<>();
        positions.forEach(position -> pages.add(new ArrayList<>()));
        if (positions.isEmpty()) {
            return pages;
        }
        query(
                "SELECT s.n, l.seq, l.at, l.level, l.instance, l.message"
                        + " FROM unnest(?::text[], ?::int8[]) WITH ORDINALITY AS s (run_id, after, n)"
                        + " JOIN run_log_state st ON st.run_id = s.run_id"
                        + " CROSS JOIN LATERAL (SELECT " + LINE_COLUMNS + " FROM run_logs WHERE run_id = s.run_id"
                        + " AND run_scheduled_at = st.run_scheduled_at AND seq > s.after ORDER BY seq LIMIT ?) l"
                        + " ORDER BY s.n, l.seq",
                row -> pages.get(row.getInt("n") - 1).add(line(row)),
                positions.stream().map(StreamPosition::runId).toArray(String[]::new),
                positions.stream().map(StreamPosition::after).toArray(Long[]::new),
                limit);
        return pages;
    }

    /** The stored status and its update time, and the log's state, of each of {@code runIds} that has either. */
    Map<String, StreamedRun> streamedRuns(Set<String> runIds) {
        Map<String, StreamedRun> found = new LinkedHashMap<>();
        query(
                "SELECT u.run_id, r.status, r.updated_at AS status_at, s.job_id, s.last_seq, s.lines, s.bytes,"
                        + " s.cut_at_seq, s.cut_reason, s.cut_lines FROM unnest(?::text[]) AS u (run_id)"
                        + " LEFT JOIN runs r ON r.run_id = u.run_id LEFT JOIN run_log_state s ON s.run_id = u.run_id",
                row -> found.put(
                        row.getString("run_id"),
                        new StreamedRun(
                                row.getString("status"),
                                instant(row, "status_at"),
                                row.getObject("last_seq") == null ? null : state(row))),
                (Object) runIds.stream().sorted(Comparator.naturalOrder()).toArray(String[]::new));
        return found;
    }

    private void execute(String sql, Object... parameters) {
        jdbc.execute((ConnectionCallback<Integer>) connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters)) {
                return statement.executeUpdate();
            }
        });
    }

    private void query(String sql, RowConsumer consumer, Object... parameters) {
        jdbc.execute((ConnectionCallback<Void>) connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters);
                    ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    consumer.accept(rows);
                }
                return null;
            }
        });
    }

    /** Binds arrays as SQL arrays of their element type (text for String[], int8 for Long[], int4 for Integer[]). */
    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value instanceof Object[] elements) {
                String type = elements instanceof Long[] ? "int8" : elements instanceof Integer[] ? "int4" : "text";
                Array array = connection.createArrayOf(type, elements);
                statement.setArray(i + 1, array);
            } else {
                statement.setObject(i + 1, value);
            }
        }
        return statement;
    }

    private static LogState state(ResultSet row) throws SQLException {
        String reason = row.getString("cut_reason");
        return new LogState(
                row.getString("run_id"),
                row.getString("job_id"),
                row.getLong("last_seq"),
                row.getInt("lines"),
                row.getLong("bytes"),
                row.getObject("cut_at_seq", Long.class),
                reason == null ? null : LogState.CutReason.valueOf(reason),
                row.getLong("cut_lines"));
    }

    private static LogLineView line(ResultSet row) throws SQLException {
        return new LogLineView(
                row.getLong("seq"),
                instant(row, "at"),
                row.getString("level"),
                row.getString("instance"),
                row.getString("message"));
    }

    /** Reads one row of a result set. */
    private interface RowConsumer {
        void accept(ResultSet row) throws SQLException;
    }

    /** The locked states of an append's runs, and the scheduled time (the partition) their lines go to. */
    private record LockedStates(Map<String, LogState> states, Map<String, Instant> days) {}

    /** A stream's run and the seq of the last line it sent. */
    record StreamPosition(String runId, long after) {}

    /** What a stream needs to know of its run: its stored status (null before its first result) and the log's state. */
    record StreamedRun(String status, Instant statusAt, LogState log) {}
}
