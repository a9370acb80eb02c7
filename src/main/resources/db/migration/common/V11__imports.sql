-- A file uploaded for import, kept (bytes under <data>/imports/) between its preview and its
-- confirmation. Once confirmed it records the account and the counts, so confirming again
-- answers the same instead of importing twice.
create table import_upload (
    id              uuid primary key,
    user_id         uuid not null references users (id) on delete cascade,
    filename        varchar(255),
    size_bytes      bigint not null,
    created_at      timestamp with time zone not null,
    account_id      uuid references account (id) on delete cascade,
    confirmed_at    timestamp with time zone,
    recorded_count  integer,
    duplicate_count integer,
    skipped_count   integer
);
create index import_upload_user_idx on import_upload (user_id, created_at);

-- What marks a transaction as imported into an account: the bank's FITID, or a fingerprint of
-- date, amount and description with its occurrence in the file. A row whose key is here is a
-- duplicate and is not recorded again.
create table imported_row (
    user_id        uuid not null references users (id) on delete cascade,
    account_id     uuid not null references account (id) on delete cascade,
    row_key        varchar(220) not null,
    transaction_id uuid not null references transactions (id) on delete cascade,
    primary key (user_id, account_id, row_key)
);
create index imported_row_transaction_idx on imported_row (transaction_id);
