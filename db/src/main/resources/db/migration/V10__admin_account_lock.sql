-- Failed sign-ins are throttled in the console's memory per (user name, source address) and lock no account: an
-- account is locked only by an ADMIN. A locked account's password sign-ins fail; its API tokens keep working.
ALTER TABLE users
    DROP COLUMN failed_logins,
    DROP COLUMN locked_until,
    ADD COLUMN locked_at timestamptz,
    ADD COLUMN locked_by text;
