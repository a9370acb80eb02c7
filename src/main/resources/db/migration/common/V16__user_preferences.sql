-- A user's settings: the currency totals across currencies are given in, and the time zone that
-- decides which day "today" and "the 1st of the month" are. A user without a row has the defaults
-- (no home currency, UTC), so existing users need no backfill.
create table user_preferences (
    user_id       uuid primary key references users (id) on delete cascade,
    home_currency varchar(3),
    time_zone     varchar(64) not null,
    updated_at    timestamp with time zone not null
);
