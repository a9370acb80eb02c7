-- Transfers: money moved between two of a user's own accounts. A transfer is not an expense
-- or an income, so it has its own table: statistics and the monthly totals they read never see
-- it unless a filter asks for it. Between currencies it carries both amounts, each in the minor
-- units of its account's currency, so the rate is exactly received / sent (never a float).
-- The id is the client's (a retried create finds its transfer by it), so it is unique per user,
-- as a transaction's is: an id another user holds is neither refused nor a sign that it exists.
create table transfer (
    id                uuid not null,
    user_id           uuid not null references users (id) on delete cascade,
    from_account_id   uuid not null references account (id),
    to_account_id     uuid not null references account (id),
    occurred_on       date not null,
    sent_minor        bigint not null,
    sent_currency     char(3) not null,
    received_minor    bigint not null,
    received_currency char(3) not null,
    note              varchar(500),
    created_at        timestamp with time zone not null,
    updated_at        timestamp with time zone not null,
    constraint transfer_two_accounts check (from_account_id <> to_account_id),
    constraint transfer_positive check (sent_minor > 0 and received_minor > 0),
    primary key (user_id, id)
);
-- The list's keyset order (date, id), for all of a user's transfers and for each side's account.
create index transfer_user_date_idx on transfer (user_id, occurred_on, id);
create index transfer_from_idx on transfer (user_id, from_account_id, occurred_on, id);
create index transfer_to_idx on transfer (user_id, to_account_id, occurred_on, id);

-- What the account held before the first transaction recorded in Outlay, in its minor units.
alter table account add column opening_balance_minor bigint not null default 0;
