-- What the paged job list filters and shows: pauses, and indexes for its filters and per-job run summaries.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().

-- Jobs paused through the console (a PAUSE request sent to the planner, which holds the pause); the row goes with
-- a RESUME request or the job. reason and paused_by say who paused it and why.
CREATE TABLE job_pauses (
    job_id    text        PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
    reason    text        NOT NULL,
    paused_by text        NOT NULL,
    paused_at timestamptz NOT NULL
);

-- The list pages by id within the filters: app, handler and owner come with id for keyset order.
DROP INDEX IF EXISTS jobs_app;
CREATE INDEX jobs_app_id ON jobs (app, id);
CREATE INDEX jobs_handler_id ON jobs (handler, id);
CREATE INDEX jobs_owner_id ON jobs ((definition ->> 'owner'), id);
CREATE INDEX jobs_tags ON jobs USING gin ((definition -> 'tags') jsonb_path_ops);

-- The newest run of a job and its runs of the last 24 hours by status, from the index alone.
DROP INDEX IF EXISTS runs_job_scheduled;
CREATE INDEX runs_job_scheduled_status ON runs (job_id, scheduled_at DESC NULLS LAST) INCLUDE (status);
