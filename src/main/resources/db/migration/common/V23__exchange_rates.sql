-- Exchange rates: 1 unit of base = rate units of quote on a day. A user enters their own
-- (exchange_rate, per user); an operator may load published reference rates (reference_rate,
-- shared by every user, e.g. the ECB's per-EUR file). A user's rate wins over the reference on
-- the same day. numeric(20, 10): ten integer and ten decimal digits, exact.
create table exchange_rate (
    user_id    uuid not null references users (id) on delete cascade,
    rate_date  date not null,
    base       char(3) not null,
    quote      char(3) not null,
    rate       numeric(20, 10) not null,
    updated_at timestamp with time zone not null,
    primary key (user_id, base, quote, rate_date)
);

create table reference_rate (
    rate_date date not null,
    base  char(3) not null,
    quote char(3) not null,
    rate  numeric(20, 10) not null,
    primary key (base, quote, rate_date)
);
