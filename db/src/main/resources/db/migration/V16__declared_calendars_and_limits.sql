-- Calendars and concurrency limits declared by worker apps in their code or configuration (the declarations topic),
-- reconciled by the console: managed_by_app is the app whose declarations set the row, NULL for one managed in the
-- console. A declared calendar or limit the app no longer declares is deleted once nothing uses it.
ALTER TABLE calendars ADD COLUMN managed_by_app text;
ALTER TABLE concurrency_limits ADD COLUMN managed_by_app text;
CREATE INDEX calendars_managed_by_app ON calendars (managed_by_app, id) WHERE managed_by_app IS NOT NULL;
CREATE INDEX concurrency_limits_managed_by_app ON concurrency_limits (managed_by_app, id)
    WHERE managed_by_app IS NOT NULL;
