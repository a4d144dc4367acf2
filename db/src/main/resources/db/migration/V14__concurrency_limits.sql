-- The concurrency limits jobs take (docs/limits.md). definition is the ConcurrencyLimit event JSON exactly as
-- published to the compacted limits topic (key: id); each change is published in its own transaction.
CREATE TABLE concurrency_limits (
    id         text        PRIMARY KEY,
    definition jsonb       NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL
);
