-- Carillon console schema, version 1.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().

-- Worker apps known to the console: registered when a job names one (later also from heartbeats).
CREATE TABLE apps (
    name       text        PRIMARY KEY,
    created_at timestamptz NOT NULL
);

-- The current definition of every job. definition is the JobDefinition event JSON exactly as published to the
-- jobs topic (version included); id, app, handler, version and enabled are copied out of it for queries.
CREATE TABLE jobs (
    id         text        PRIMARY KEY,
    app        text        NOT NULL REFERENCES apps (name),
    handler    text        NOT NULL,
    definition jsonb       NOT NULL,
    version    bigint      NOT NULL,
    enabled    boolean     NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE INDEX jobs_app ON jobs (app);

-- Transactional outbox of the jobs topic: every job write adds one row in the same transaction; the relay
-- publishes unpublished rows in seq order (key job_id, value payload, NULL payload = tombstone) and then sets
-- published_at. Rows are kept after publishing (pruning them is left to a later migration); the highest version
-- per job keeps versions growing across delete and re-create.
CREATE TABLE job_outbox (
    seq          bigserial   PRIMARY KEY,
    job_id       text        NOT NULL,
    version      bigint      NOT NULL,
    payload      jsonb,
    created_at   timestamptz NOT NULL,
    published_at timestamptz
);

CREATE INDEX job_outbox_unpublished ON job_outbox (seq) WHERE published_at IS NULL;
CREATE INDEX job_outbox_job_version ON job_outbox (job_id, version);

-- One row per run (a fire's shard), materialized idempotently from the results topic. No foreign key to jobs:
-- results of deleted jobs still land here.
-- Planned (later issue): partition by day of scheduled_at with a retention job dropping old partitions. The
-- primary key of a partitioned table must contain the partition key, so that migration will key runs by
-- (run_id, scheduled_at) or derive the day from the run id's fire instant.
CREATE TABLE runs (
    run_id         text        PRIMARY KEY,
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
    scheduled_at   timestamptz,
    started_at     timestamptz,
    finished_at    timestamptz,
    lateness_ms    bigint      GENERATED ALWAYS AS
                       (floor(extract(epoch FROM (started_at - scheduled_at)) * 1000)::bigint) STORED,
    message        text,
    error_class    text,
    progress_done  bigint,
    progress_total bigint,
    updated_at     timestamptz NOT NULL
);

CREATE INDEX runs_job_scheduled ON runs (job_id, scheduled_at DESC NULLS LAST);
