-- Alerting defaults set in the console: one row per scope, '*' for every app or an app's name. Each change is
-- published to the compacted alert-rules topic (key: the scope), which the analytics app reads as a table.
CREATE TABLE alert_rules (
    scope      text        PRIMARY KEY,
    rules      jsonb       NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL
);
