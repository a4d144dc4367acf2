-- Run logs, and the indexes of the run search and of a run's attempt chain.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().

-- Each line a handler logged, materialized from the logs topic: one row per line, keyed by its run and the seq the
-- worker numbered it with (1, 2, ... per run). A replayed line conflicts with its row and changes nothing.
CREATE TABLE run_logs (
    run_id   text   NOT NULL,
    seq      bigint NOT NULL,
    at       timestamptz,
    level    text,
    instance text,
    message  text   NOT NULL,
    PRIMARY KEY (run_id, seq)
);

-- What the console holds of each run's log. last_seq is the highest seq seen, kept or not: a line at or below it is
-- a replay and is ignored. lines and bytes (UTF-8 bytes of the messages) count the kept lines, against the per-run
-- cap; when a line would pass the cap, cut_at_seq is its seq, cut_reason says which limit it hit, and it and every
-- later line of the run are only counted in cut_lines.
CREATE TABLE run_log_state (
    run_id     text        PRIMARY KEY,
    job_id     text,
    last_seq   bigint      NOT NULL,
    lines      integer     NOT NULL,
    bytes      bigint      NOT NULL,
    cut_at_seq bigint,
    cut_reason text        CHECK (cut_reason IN ('LINES', 'BYTES')),
    cut_lines  bigint      NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The run search orders by scheduled time, newest first, then run id; a run without a scheduled time sorts last.
-- The sort key is an expression so that keyset paging is one row comparison that an index scan serves, with or
-- without a filter on app or job. None of these indexes holds a column a status change writes, so the
-- materializer's status updates stay heap-only (HOT) updates.
CREATE INDEX runs_search ON runs ((coalesce(scheduled_at, '-infinity'::timestamptz)) DESC, run_id DESC);
CREATE INDEX runs_search_app ON runs (app, (coalesce(scheduled_at, '-infinity'::timestamptz)) DESC, run_id DESC);
CREATE INDEX runs_search_job ON runs (job_id, (coalesce(scheduled_at, '-infinity'::timestamptz)) DESC,
    run_id DESC);
DROP INDEX runs_job_scheduled;

-- The attempt chain of a run: the first attempt's run id, the same for every retry of that fire and shard.
-- Retries are <fire>~<attempt>#<shard> (of one shard of a sharded fire: <fire>#<shard>~<attempt>#<shard>), so the
-- chain key drops the last "~<attempt>" and the shard it repeats.
CREATE INDEX runs_attempt_chain ON runs ((regexp_replace(run_id, '(#[0-9]+)?~[0-9]+(#[0-9]+)$', '\2')));
