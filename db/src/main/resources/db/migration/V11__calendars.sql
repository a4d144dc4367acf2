-- The calendars schedules skip or fire only on (docs/calendars.md). definition is the Calendar event JSON exactly
-- as published to the compacted calendars topic (key: id); each change is published in its own transaction.
CREATE TABLE calendars (
    id         text        PRIMARY KEY,
    definition jsonb       NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL
);
