-- Users, refresh tokens and the access-token signing key.
-- Written in the SQL subset PostgreSQL and H2 (PostgreSQL mode) share; vendor-specific
-- migrations go under db/migration/postgresql and db/migration/h2.

create table users (
    id            uuid primary key,
    -- email as the user typed it, and lowercased for the case-insensitive unique index
    email         varchar(320) not null,
    email_key     varchar(320) not null,
    display_name  varchar(100) not null,
    password_hash varchar(100) not null,
    created_at    timestamp with time zone not null
);
create unique index users_email_key_uq on users (email_key);

-- Opaque refresh tokens, stored only as their SHA-256. Every rotation adds a row to the same
-- family; presenting a rotated token again revokes the whole family.
create table refresh_token (
    id         uuid primary key,
    user_id    uuid not null references users (id) on delete cascade,
    family_id  uuid not null,
    token_hash bytea not null,
    created_at timestamp with time zone not null,
    expires_at timestamp with time zone not null,
    rotated_at timestamp with time zone,
    revoked_at timestamp with time zone
);
create unique index refresh_token_hash_uq on refresh_token (token_hash);
create index refresh_token_family_idx on refresh_token (user_id, family_id);
create index refresh_token_expires_idx on refresh_token (expires_at);

-- Keys that sign access tokens. Kept in the database so every instance signs and verifies
-- with the same key, and it survives restarts. The oldest key signs; all are published.
create table signing_key (
    kid        varchar(64) primary key,
    algorithm  varchar(16) not null,
    jwk        text not null,
    created_at timestamp with time zone not null
);
