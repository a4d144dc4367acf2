-- Users, their grants, API tokens and the audit log.
-- Every timestamp is written by the console from its injected Clock; no column defaults to now().

-- A person who signs in to the console or the REST API. password_hash is a DelegatingPasswordEncoder string
-- ({bcrypt}..., {argon2}...); NULL for users who sign in only through OpenID Connect (source 'OIDC').
-- failed_logins counts consecutive failed sign-ins; locked_until is set when they reach the limit.
CREATE TABLE users (
    name          text        PRIMARY KEY,
    password_hash text,
    source        text        NOT NULL CHECK (source IN ('LOCAL', 'OIDC')),
    enabled       boolean     NOT NULL,
    failed_logins integer     NOT NULL DEFAULT 0,
    locked_until  timestamptz,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL
);

-- What a user may do: ADMIN (app is always '*'), OPERATOR or VIEWER of one app or of every app ('*').
CREATE TABLE user_grants (
    user_name text NOT NULL REFERENCES users (name) ON DELETE CASCADE,
    role      text NOT NULL CHECK (role IN ('ADMIN', 'OPERATOR', 'VIEWER')),
    app       text NOT NULL,
    PRIMARY KEY (user_name, role, app)
);

-- API tokens: only the SHA-256 of the secret is kept. A token acts with its own grants, cut down at each use to
-- what its user still holds. Deleting the user deletes the user's tokens.
CREATE TABLE api_tokens (
    id           text        PRIMARY KEY,
    user_name    text        NOT NULL REFERENCES users (name) ON DELETE CASCADE,
    name         text        NOT NULL,
    secret_hash  text        NOT NULL UNIQUE,
    expires_at   timestamptz,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    revoked_at   timestamptz,
    UNIQUE (user_name, name)
);

CREATE TABLE token_grants (
    token_id text NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
    role     text NOT NULL CHECK (role IN ('ADMIN', 'OPERATOR', 'VIEWER')),
    app      text NOT NULL,
    PRIMARY KEY (token_id, role, app)
);

-- Every change made through the console or the REST API, written in the change's own transaction. The console
-- only ever inserts here. target_app lets an OPERATOR read the entries of the apps they operate.
CREATE TABLE audit_log (
    id             bigserial   PRIMARY KEY,
    at             timestamptz NOT NULL,
    actor          text        NOT NULL,
    source_address text,
    action         text        NOT NULL,
    target_type    text        NOT NULL,
    target         text        NOT NULL,
    target_app     text,
    before         jsonb,
    after          jsonb,
    outcome        text        NOT NULL
);

CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor, at DESC);
CREATE INDEX audit_log_target ON audit_log (target, at DESC);

-- The audit log refuses changes to what it holds.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
