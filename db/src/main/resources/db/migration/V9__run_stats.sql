-- Run statistics materialized from the stats topic for the console's dashboard.
-- Every timestamp is copied from the stats record or written by the console from its injected Clock.

-- One row per closed window of one job (scope JOB, subject the job id) or one app (scope APP, subject the app),
-- per minute or per hour (window_length). A replayed record of the same window overwrites its row with the same
-- values, so replays change nothing. by_status and by_kind map a status or kind name to a run count;
-- duration_ms and lateness_ms are the record's percentiles ({"count","p50","p90","p99","max"}) or null. Rows are
-- pruned by the console past their retention (minutes after 2 days, hours after 60 days by default).
CREATE TABLE run_stats (
    window_length text        NOT NULL CHECK (window_length IN ('MINUTE', 'HOUR')),
    scope         text        NOT NULL CHECK (scope IN ('JOB', 'APP')),
    subject       text        NOT NULL,
    window_start  timestamptz NOT NULL,
    window_end    timestamptz NOT NULL,
    app           text,
    job_id        text,
    runs          bigint      NOT NULL,
    by_status     jsonb       NOT NULL,
    by_kind       jsonb       NOT NULL,
    retries       bigint      NOT NULL,
    late_results  bigint      NOT NULL,
    duration_ms   jsonb,
    lateness_ms   jsonb,
    emitted_at    timestamptz,
    stored_at     timestamptz NOT NULL,
    PRIMARY KEY (window_length, scope, subject, window_start)
);

-- The dashboard reads a time range of one window length and scope; pruning deletes the oldest windows first.
CREATE INDEX run_stats_range ON run_stats (window_length, scope, window_start) INCLUDE (app);
