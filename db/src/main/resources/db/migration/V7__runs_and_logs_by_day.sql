-- Runs and run logs partitioned by day, so that a day of runs and their logs is dropped whole past its retention.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().
--
-- Both tables are range partitioned on the run's scheduled time, one partition per UTC day named
-- <table>_p<yyyymmdd> (FROM the day's midnight TO the next), plus a default partition (<table>_default) that
-- catches a row of a day without its partition. The console's retention task creates the partitions of the days
-- ahead and drops those past the retention; this migration creates those of the days the existing rows fall on.
-- A unique key of a partitioned table holds the partition key, so runs are keyed by (run_id, scheduled_at) and log
-- lines by (run_id, seq, run_scheduled_at); a lookup by run id alone probes each partition's index of that key.

ALTER TABLE runs RENAME TO runs_unpartitioned;
ALTER TABLE run_logs RENAME TO run_logs_unpartitioned;
ALTER INDEX runs_pkey RENAME TO runs_unpartitioned_pkey;
ALTER INDEX run_logs_pkey RENAME TO run_logs_unpartitioned_pkey;

-- scheduled_at is required: every result of a run carries the run's scheduled time (the materializer refuses one
-- without it), and it places the run in its day.
CREATE TABLE runs (
    run_id         text        NOT NULL,
    fire_id        text,
    job_id         text        NOT NULL,
    app            text,
    handler        text,
    kind           text,
    attempt        integer     NOT NULL,
    shard_index    integer     NOT NULL,
    shard_total    integer     NOT NULL,
    status         text        NOT NULL,
    instance       text,
    scheduled_at   timestamptz NOT NULL,
    started_at     timestamptz,
    finished_at    timestamptz,
    lateness_ms    bigint      GENERATED ALWAYS AS
                       (floor(extract(epoch FROM (started_at - scheduled_at)) * 1000)::bigint) STORED,
    message        text,
    error_class    text,
    progress_done  bigint,
    progress_total bigint,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (run_id, scheduled_at)
) PARTITION BY RANGE (scheduled_at);

-- Each line's run_scheduled_at is its run's scheduled time, as the console found it when the run's first line
-- arrived (kept in run_log_state for the later lines): the stored run's, or, for a line ahead of its run's first
-- result, the first line's own time.
CREATE TABLE run_logs (
    run_id           text        NOT NULL,
    seq              bigint      NOT NULL,
    run_scheduled_at timestamptz NOT NULL,
    at               timestamptz,
    level            text,
    instance         text,
    message          text        NOT NULL,
    PRIMARY KEY (run_id, seq, run_scheduled_at)
) PARTITION BY RANGE (run_scheduled_at);

CREATE TABLE runs_default PARTITION OF runs DEFAULT;
CREATE TABLE run_logs_default PARTITION OF run_logs DEFAULT;

ALTER TABLE run_log_state ADD COLUMN run_scheduled_at timestamptz;
UPDATE run_log_state s SET run_scheduled_at = coalesce(
    (SELECT coalesce(r.scheduled_at, r.started_at, r.finished_at, r.updated_at) FROM runs_unpartitioned r
        WHERE r.run_id = s.run_id),
    (SELECT min(l.at) FROM run_logs_unpartitioned l WHERE l.run_id = s.run_id),
    s.updated_at);
ALTER TABLE run_log_state ALTER COLUMN run_scheduled_at SET NOT NULL;
CREATE INDEX run_log_state_run_scheduled ON run_log_state (run_scheduled_at);

DO $$
DECLARE
    day date;
    suffix text;
BEGIN
    FOR day IN
        SELECT DISTINCT (coalesce(scheduled_at, started_at, finished_at, updated_at) AT TIME ZONE 'UTC')::date
            FROM runs_unpartitioned
        UNION SELECT DISTINCT (run_scheduled_at AT TIME ZONE 'UTC')::date FROM run_log_state
    LOOP
        suffix := to_char(day, 'YYYYMMDD');
        EXECUTE format('CREATE TABLE %I PARTITION OF runs FOR VALUES FROM (%L) TO (%L)', 'runs_p' || suffix,
            day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
        EXECUTE format('CREATE TABLE %I PARTITION OF run_logs FOR VALUES FROM (%L) TO (%L)', 'run_logs_p' || suffix,
            day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
    END LOOP;
END $$;

INSERT INTO runs (run_id, fire_id, job_id, app, handler, kind, attempt, shard_index, shard_total, status, instance,
        scheduled_at, started_at, finished_at, message, error_class, progress_done, progress_total, updated_at)
    SELECT run_id, fire_id, job_id, app, handler, kind, attempt, shard_index, shard_total, status, instance,
        coalesce(scheduled_at, started_at, finished_at, updated_at), started_at, finished_at, message, error_class,
        progress_done, progress_total, updated_at
    FROM runs_unpartitioned;

INSERT INTO run_logs (run_id, seq, run_scheduled_at, at, level, instance, message)
    SELECT l.run_id, l.seq, s.run_scheduled_at, l.at, l.level, l.instance, l.message
    FROM run_logs_unpartitioned l JOIN run_log_state s ON s.run_id = l.run_id;

DROP TABLE runs_unpartitioned;
DROP TABLE run_logs_unpartitioned;

-- The indexes of V3 and V4, on every partition: the run search's sort key (newest scheduled first, then run id),
-- with or without app or job; a job's newest run and its runs of the last 24 hours by status; the attempt chain.
CREATE INDEX runs_search ON runs ((coalesce(scheduled_at, '-infinity'::timestamptz)) DESC, run_id DESC);
CREATE INDEX runs_search_app ON runs (app, (coalesce(scheduled_at, '-infinity'::timestamptz)) DESC, run_id DESC);
CREATE INDEX runs_search_job ON runs (job_id, (coalesce(scheduled_at, '-infinity'::timestamptz)) DESC,
    run_id DESC);
CREATE INDEX runs_job_scheduled_status ON runs (job_id, scheduled_at DESC NULLS LAST) INCLUDE (status);
CREATE INDEX runs_attempt_chain ON runs ((regexp_replace(run_id, '(#[0-9]+)?~[0-9]+(#[0-9]+)$', '\2')));
