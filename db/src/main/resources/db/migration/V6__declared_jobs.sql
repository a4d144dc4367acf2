-- Jobs declared by worker apps in their code or configuration (the declarations topic), reconciled by the console.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().

-- A managed job's fields change only through its app's declarations: managed_by_app is that app and
-- managed_version the app version whose declaration last set the job. orphaned_at is set when the app's newest
-- version no longer declares the job (kept or disabled by the app's orphan policy). All three are NULL for a job
-- managed in the console (created there, or detached).
ALTER TABLE jobs ADD COLUMN managed_by_app  text;
ALTER TABLE jobs ADD COLUMN managed_version text;
ALTER TABLE jobs ADD COLUMN orphaned_at     timestamptz;
CREATE INDEX jobs_managed_by_app ON jobs (managed_by_app, id) WHERE managed_by_app IS NOT NULL;

-- The newest declaration set applied per app: a set from an older app version than app_version is ignored, so a
-- rolling deploy in which old and new instances publish converges on the newer version.
CREATE TABLE app_declarations (
    app         text        PRIMARY KEY,
    app_version text        NOT NULL,
    job_ids     text[]      NOT NULL,
    instance_id text,
    declared_at timestamptz NOT NULL,
    applied_at  timestamptz NOT NULL
);
