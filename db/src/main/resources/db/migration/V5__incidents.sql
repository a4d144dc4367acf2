-- Incidents materialized from the alerts topic, notification channels and the deliveries outbox.
-- Every timestamp is written by the console from its injected Clock or copied from the incident's own steps.

-- The current state of each incident (key: the incident id of the alerts topic). A step only moves an incident
-- forward: OPEN to RESOLVED, never back; count and last_step_at only grow.
CREATE TABLE incidents (
    id           text        PRIMARY KEY,
    rule         text        NOT NULL,
    app          text        NOT NULL,
    job_id       text,
    state        text        NOT NULL CHECK (state IN ('OPEN', 'RESOLVED')),
    opened_at    timestamptz NOT NULL,
    last_step_at timestamptz NOT NULL,
    resolved_at  timestamptz,
    count        integer     NOT NULL,
    fire_id      text,
    message      text,
    acked_by     text,
    acked_at     timestamptz,
    stored_at    timestamptz NOT NULL
);

-- Keyset paging, newest opened first.
CREATE INDEX incidents_page ON incidents (opened_at DESC, id DESC);
CREATE INDEX incidents_app_page ON incidents (app, opened_at DESC, id DESC);

-- Every step of every incident once. step is OPENED, RESOLVED or UPDATED#<count> (the analytics app numbers
-- updates by their growing count), so a replayed record finds its step stored and changes nothing.
CREATE TABLE incident_events (
    id          bigserial   PRIMARY KEY,
    incident_id text        NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
    step        text        NOT NULL,
    action      text        NOT NULL CHECK (action IN ('OPENED', 'UPDATED', 'RESOLVED')),
    at          timestamptz NOT NULL,
    count       integer     NOT NULL,
    fire_id     text,
    message     text,
    stored_at   timestamptz NOT NULL,
    UNIQUE (incident_id, step)
);

-- Where notifications go. secret signs webhook bodies and robot calls, so it is kept as given (it cannot be
-- hashed); the REST API never answers it. An empty apps array means every app.
CREATE TABLE notification_channels (
    name       text        PRIMARY KEY,
    type       text        NOT NULL CHECK (type IN ('EMAIL', 'WEBHOOK', 'SLACK', 'WECOM', 'DINGTALK', 'FEISHU')),
    target     text        NOT NULL,
    secret     text,
    apps       text[]      NOT NULL,
    silence_ms bigint      NOT NULL CHECK (silence_ms >= 0),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The outbox of notifications: one row per incident step and matching channel, written in the transaction that
-- stores the step. status PENDING (next_attempt_at says when), SENT, FAILED (attempts used up) or SILENCED (an
-- update inside the channel's silence window).
CREATE TABLE deliveries (
    id              bigserial   PRIMARY KEY,
    incident_id     text        NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
    step            text        NOT NULL,
    action          text        NOT NULL,
    step_at         timestamptz NOT NULL,
    channel         text        NOT NULL REFERENCES notification_channels (name) ON DELETE CASCADE,
    status          text        NOT NULL CHECK (status IN ('PENDING', 'SENT', 'FAILED', 'SILENCED')),
    attempts        integer     NOT NULL,
    next_attempt_at timestamptz,
    last_error      text,
    created_at      timestamptz NOT NULL,
    sent_at         timestamptz,
    UNIQUE (incident_id, step, channel)
);

CREATE INDEX deliveries_due ON deliveries (next_attempt_at, id) WHERE status = 'PENDING';
CREATE INDEX deliveries_channel_page ON deliveries (channel, id DESC);
CREATE INDEX deliveries_incident ON deliveries (incident_id, channel, id);
