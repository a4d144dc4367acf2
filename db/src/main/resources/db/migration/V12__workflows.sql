-- Workflows (docs/workflows.md). definition is the WorkflowDefinition JSON exactly as published to the compacted
-- workflows topic (key: id); apps are the apps of its nodes, for permissions and filters.
CREATE TABLE workflows (
    id         text        PRIMARY KEY,
    definition jsonb       NOT NULL,
    apps       text[]      NOT NULL,
    version    bigint      NOT NULL,
    enabled    boolean     NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL
);

-- The instances of workflows as the engine's workflow.events tell them: each event carries every node's state, so a
-- row is the newest event of its instance (sequence grows by one per event; an older or replayed one changes
-- nothing). Rows outlive their workflow, like runs outlive their job.
CREATE TABLE workflow_instances (
    instance_id  text        PRIMARY KEY,
    workflow_id  text        NOT NULL,
    status       text        NOT NULL,
    kind         text,
    scheduled_at timestamptz,
    started_at   timestamptz,
    ended_at     timestamptz,
    sequence     bigint      NOT NULL,
    nodes        jsonb       NOT NULL,
    message      text,
    updated_at   timestamptz NOT NULL
);

CREATE INDEX workflow_instances_by_workflow ON workflow_instances (workflow_id, started_at DESC);
