-- The concurrency limit a run holds or waits for (RunResult.limit, docs/limits.md), and when it started waiting.
-- concurrency_limit is filled in from the first result that names it and then kept; waiting_since is the emittedAt of
-- the run's WAITING result (the limiter's time when the run joined the queue), NULL for a run that never waited.
-- Both columns are added to the partitioned table, so every day partition, present and to come, has them.
ALTER TABLE runs ADD COLUMN concurrency_limit text;
ALTER TABLE runs ADD COLUMN waiting_since timestamptz;

-- The Workers page's holders and queues: the open runs of each limit, on every partition. Runs end, so the index
-- holds only the runs that hold or wait for a slot now.
CREATE INDEX runs_concurrency_limit_open ON runs (concurrency_limit, status)
    WHERE concurrency_limit IS NOT NULL AND status IN ('WAITING', 'STARTED', 'PROGRESS');
