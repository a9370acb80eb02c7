-- Recurring rules: a template transaction and a schedule. The template is the ledger's own
-- transaction request (JSON, amounts as decimal strings): the ledger checks it when the rule is
-- saved and again when each occurrence is recorded, so it stays the one place with those rules.
-- next_on is the first occurrence not yet produced (null once the rule has ended); the producer
-- reads only rules whose next_on has come.
create table recurring_rule (
    id             uuid not null,
    user_id        uuid not null references users (id) on delete cascade,
    name           varchar(100) not null,
    template       varchar(20000) not null,
    every_n        integer not null,
    unit           varchar(10) not null,
    day_of_month   integer,
    last_day       boolean not null default false,
    start_on       date not null,
    end_on         date,
    max_count      integer,
    action         varchar(10) not null,
    produced_count integer not null default 0,
    next_on        date,
    created_at     timestamp with time zone not null,
    updated_at     timestamp with time zone not null,
    constraint recurring_rule_every check (every_n > 0),
    constraint recurring_rule_count check (max_count is null or max_count > 0),
    constraint recurring_rule_day check (day_of_month is null or day_of_month between 1 and 31),
    primary key (user_id, id)
);
create index recurring_rule_next_idx on recurring_rule (next_on);

-- One row per produced occurrence, written in the same database transaction as the transaction
-- it produced: the primary key makes "at most once" the database's decision, not a server's.
create table recurring_occurrence (
    user_id        uuid not null,
    rule_id        uuid not null,
    occurs_on      date not null,
    transaction_id uuid not null,
    created_at     timestamp with time zone not null,
    primary key (user_id, rule_id, occurs_on),
    foreign key (user_id, rule_id) references recurring_rule (user_id, id) on delete cascade
);
