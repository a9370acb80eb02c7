-- Stored files, the per-user draft, and saved transactions.
--
-- The draft and saved transactions live in separate tables on purpose: a draft is loose
-- (no account yet, decimal amounts whose currency may still change), a saved transaction is
-- strict (not-null header, amounts in integer minor units of its account's currency, a
-- total). Statistics and lists read only the strict tables. Saving copies the draft's rows
-- into them, keeping every id, in one database transaction.

-- Uploaded bytes, deduplicated per user by SHA-256. The bytes live in the file store
-- (data directory by default) under user and hash; these rows are the only references.
create table stored_file (
    id         uuid primary key,
    user_id    uuid not null references users (id) on delete cascade,
    sha256     char(64) not null,
    size_bytes bigint not null,
    media_type varchar(100) not null,
    created_at timestamp with time zone not null
);
create unique index stored_file_user_sha_uq on stored_file (user_id, sha256);

create table draft (
    user_id            uuid primary key references users (id) on delete cascade,
    id                 uuid not null,
    account_id         uuid references account (id),
    direction          varchar(10) not null,
    mode               varchar(10) not null,
    occurred_on        date,
    occurred_at        time,
    seller_id          uuid references seller (id),
    seller_location_id uuid references seller_location (id),
    note               varchar(500),
    created_at         timestamp with time zone not null,
    updated_at         timestamp with time zone not null
);
create unique index draft_id_uq on draft (id);

-- Item ids are chosen by the client; they are unique per user.
create table draft_item (
    user_id      uuid not null references draft (user_id) on delete cascade,
    id           uuid not null,
    position     integer not null,
    amount       numeric(19, 4) not null,
    quantity     numeric(12, 3) not null,
    description  varchar(200),
    brand        varchar(100),
    variation    varchar(100),
    category_id  uuid references category (id),
    is_reduction boolean not null,
    created_at   timestamp with time zone not null,
    primary key (user_id, id)
);

create table draft_document (
    id         uuid primary key,
    user_id    uuid not null references draft (user_id) on delete cascade,
    file_id    uuid not null references stored_file (id),
    kind       varchar(20) not null,
    filename   varchar(255),
    created_at timestamp with time zone not null
);
create unique index draft_document_file_uq on draft_document (user_id, file_id);

create table draft_item_image (
    id         uuid primary key,
    user_id    uuid not null,
    item_id    uuid not null,
    file_id    uuid not null references stored_file (id),
    filename   varchar(255),
    created_at timestamp with time zone not null,
    foreign key (user_id, item_id) references draft_item (user_id, id) on delete cascade
);
create unique index draft_item_image_file_uq on draft_item_image (user_id, item_id, file_id);

create table transactions (
    id                 uuid primary key,
    user_id            uuid not null references users (id) on delete cascade,
    account_id         uuid not null references account (id),
    direction          varchar(10) not null,
    mode               varchar(10) not null,
    occurred_on        date not null,
    occurred_at        time,
    seller_id          uuid references seller (id),
    seller_location_id uuid references seller_location (id),
    note               varchar(500),
    -- the account's currency when saved, and the sum of the items (reductions subtracted)
    currency           char(3) not null,
    total_minor        bigint not null,
    idempotency_key    varchar(200),
    created_at         timestamp with time zone not null,
    updated_at         timestamp with time zone not null,
    constraint transactions_direction check (direction in ('expense', 'income')),
    constraint transactions_mode check (mode in ('card', 'transfer', 'cash', 'other'))
);
-- The list: newest first, keyset-paginated on (occurred_on, id).
create index transactions_user_date_idx on transactions (user_id, occurred_on desc, id desc);
create index transactions_account_idx on transactions (account_id, occurred_on desc);
create unique index transactions_idempotency_uq on transactions (user_id, idempotency_key);

create table transaction_item (
    user_id        uuid not null references users (id) on delete cascade,
    id             uuid not null,
    transaction_id uuid not null references transactions (id) on delete cascade,
    position       integer not null,
    amount_minor   bigint not null,
    quantity       numeric(12, 3) not null,
    description    varchar(200),
    brand          varchar(100),
    variation      varchar(100),
    category_id    uuid not null references category (id),
    is_reduction   boolean not null,
    primary key (user_id, id)
);
create index transaction_item_transaction_idx on transaction_item (transaction_id, position);
create index transaction_item_category_idx on transaction_item (category_id);

create table transaction_document (
    id             uuid primary key,
    user_id        uuid not null references users (id) on delete cascade,
    transaction_id uuid not null references transactions (id) on delete cascade,
    file_id        uuid not null references stored_file (id),
    kind           varchar(20) not null,
    filename       varchar(255),
    created_at     timestamp with time zone not null
);
create index transaction_document_transaction_idx on transaction_document (transaction_id);
create index transaction_document_file_idx on transaction_document (file_id);

create table item_image (
    id             uuid primary key,
    user_id        uuid not null,
    item_id        uuid not null,
    transaction_id uuid not null references transactions (id) on delete cascade,
    file_id        uuid not null references stored_file (id),
    filename       varchar(255),
    created_at     timestamp with time zone not null,
    foreign key (user_id, item_id) references transaction_item (user_id, id) on delete cascade
);
create index item_image_transaction_idx on item_image (transaction_id);
create index item_image_file_idx on item_image (file_id);

-- For the sweep that removes files nothing refers to any more.
create index draft_document_file_idx on draft_document (file_id);
create index draft_item_image_file_idx on draft_item_image (file_id);
