-- Workflows declared by worker apps in their code or configuration (the declarations topic), reconciled by the
-- console: managed_by_app is the app whose declarations last set the workflow and managed_version that app's
-- version; both are NULL for a workflow managed in the console. A declared workflow the app's newest version no
-- longer declares is deleted.
ALTER TABLE workflows ADD COLUMN managed_by_app  text;
ALTER TABLE workflows ADD COLUMN managed_version text;
CREATE INDEX workflows_managed_by_app ON workflows (managed_by_app, id) WHERE managed_by_app IS NOT NULL;
