-- How a user last read a CSV file into an account: offered again on the next import into it,
-- so a bank's export is mapped once. Columns are named by the file's header text.
create table import_mapping (
    user_id            uuid not null references users (id) on delete cascade,
    account_id         uuid not null references account (id) on delete cascade,
    delimiter          varchar(1) not null,
    has_header         boolean not null,
    date_format        varchar(40) not null,
    decimal_separator  varchar(1) not null,
    date_column        varchar(200),
    amount_column      varchar(200),
    debit_column       varchar(200),
    credit_column      varchar(200),
    description_column varchar(200),
    seller_column      varchar(200),
    category_column    varchar(200),
    account_column     varchar(200),
    currency_column    varchar(200),
    note_column        varchar(200),
    mode_column        varchar(200),
    transaction_column varchar(200),
    updated_at         timestamp with time zone not null,
    primary key (user_id, account_id)
);
