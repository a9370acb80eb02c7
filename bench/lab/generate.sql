-- The lab's data set, straight into an empty, migrated PostgreSQL database.
-- psql variables: users (count), per_user (transactions each), seed, password_hash (one
-- hash every user shares, so the lab knows the password without hashing N times), money (1 or 0).
--
-- Deterministic for a given seed: every id is md5-derived and every "random" choice is
-- hashint8extended(key, seed + k), so the plan PostgreSQL picks cannot change the data.
-- Users are lab-1@outlay.test .. lab-N@outlay.test. Each has three accounts (EUR first, then
-- USD, JPY), three categories of their own (two under the built-in Food, one top level),
-- 60 sellers with 1-2 located branches each, and per_user transactions of 1-8 items spread
-- over 2019-01-01 .. 2026-10-31; 2 % of transactions carry a document, 1 % of items an image
-- (file rows only: the lab never downloads them). The money model's rows are at the end.

\set ON_ERROR_STOP 1
set synchronous_commit = off;
set lab.seed = :'seed';

-- r(key, k, m): a deterministic pseudo-random integer in [0, m)
create function pg_temp.r(key bigint, k int, m int) returns int
    language sql stable
    as $$ select (((hashint8extended(key, cast(current_setting('lab.seed') as bigint) * 64 + k) % m) + m) % m)::int $$;

create temporary table lab_user as
select u, md5('lab-user' || u)::uuid as id from generate_series(1, :users) u;

insert into users (id, email, email_key, display_name, password_hash, created_at)
select id, 'lab-' || u || '@outlay.test', 'lab-' || u || '@outlay.test', 'Lab user ' || u, :'password_hash',
       timestamp with time zone '2019-01-01 00:00:00+00'
from lab_user;

insert into account (id, user_id, name, currency, archived, created_at, updated_at)
select md5(id || 'account' || a)::uuid, id, (array ['Current account', 'Travel card', 'Tokyo wallet'])[a],
       (array ['EUR', 'USD', 'JPY'])[a], false,
       timestamp with time zone '2019-01-01 00:00:00+00' + a * interval '1 minute', now()
from lab_user, generate_series(1, 3) a;

-- 18-20: their own categories (two below Food, one top-level)
insert into category (id, user_id, parent_id, builtin_key, name, icon, archived, created_at)
select md5(id || 'category' || c)::uuid, id,
       case when c < 3 then cast('00000000-0000-7000-8000-000000000001' as uuid) end, null,
       (array ['Groceries', 'Restaurants', 'Hobbies'])[c], 'category', false, timestamp with time zone '2019-01-01 00:00:00+00'
from lab_user, generate_series(1, 3) c;

insert into seller (id, user_id, name, created_at, updated_at)
select md5(id || 'seller' || s)::uuid, id, 'Seller ' || s, now(), now()
from lab_user, generate_series(1, 60) s;

-- branches spread over a region the size of Germany; cell is what sellers/NearbyRepository keeps
insert into seller_location (id, user_id, seller_id, name, address, is_virtual, latitude, longitude, cell, created_at)
select md5(id || 'location' || s || '-' || b)::uuid, id, md5(id || 'seller' || s)::uuid, 'Branch ' || b, null, false,
       lat, lon, cast(floor(lat * 100) as integer) * 40000 + cast(floor(lon * 100) as integer), now()
from (select id, u, s, b,
             47 + pg_temp.r(u * 1000 + s * 10 + b, 1, 800000) / 100000.0 as lat,
             6 + pg_temp.r(u * 1000 + s * 10 + b, 2, 900000) / 100000.0 as lon
      from lab_user, generate_series(1, 60) s, generate_series(1, 2) b
      where b = 1 or s % 2 = 0) l;

insert into stored_file (id, user_id, sha256, size_bytes, media_type, created_at)
select md5(id || 'file' || f)::uuid, id, encode(sha256(convert_to(id || 'file' || f, 'UTF8')), 'hex'), 20000 + f,
       case when f % 2 = 0 then 'image/jpeg' else 'application/pdf' end, now()
from lab_user, generate_series(1, 20) f;

create temporary table gen as
select u.id as user_id, key, n,
       md5(u.id || 'txn' || n)::uuid as id,
       1 + pg_temp.r(key, 3, 10) / 7 + pg_temp.r(key, 4, 10) / 9 as account_no, -- mostly EUR
       date '2019-01-01' + pg_temp.r(key, 5, 2861) as occurred_on,
       1 + pg_temp.r(key, 6, 8) as item_count,
       1 + pg_temp.r(key, 7, 60) as seller_no
from lab_user u, generate_series(1, :per_user) n, lateral (select cast(u.u as bigint) * 100000000 + n as key) k;

create temporary table gen_item as
select g.user_id, g.id as transaction_id, g.n, i as position, g.key * 10 + i as key,
       md5(g.user_id || 'item' || g.n || '-' || i)::uuid as id,
       cast(100 + pg_temp.r(g.key * 10 + i, 8, 9900) as bigint) as amount_minor,
       i > 1 and i = g.item_count and g.n % 7 = 0 as is_reduction,
       pg_temp.r(g.key * 10 + i, 9, 20) as category_no
from gen g, generate_series(1, 8) i
where i <= g.item_count;

create temporary table gen_total as
select transaction_id, sum(case when is_reduction then -amount_minor else amount_minor end) as total_minor, count(*) as item_count
from gen_item group by transaction_id;

insert into transactions (id, user_id, account_id, direction, mode, occurred_on, occurred_at, seller_id, seller_location_id,
                          note, currency, total_minor, item_count, created_at, updated_at)
select g.id, g.user_id, md5(g.user_id || 'account' || g.account_no)::uuid,
       case when g.n % 10 = 0 then 'income' else 'expense' end,
       (array ['card', 'transfer', 'cash', 'other'])[1 + g.n % 4],
       g.occurred_on, time '08:00' + pg_temp.r(g.key, 10, 720) * interval '1 minute',
       md5(g.user_id || 'seller' || g.seller_no)::uuid, md5(g.user_id || 'location' || g.seller_no || '-1')::uuid,
       'note ' || g.n, (array ['EUR', 'USD', 'JPY'])[g.account_no],
       t.total_minor, t.item_count, now(), now()
from gen g join gen_total t on t.transaction_id = g.id;

-- category_no 0-16: built-in 1-17, 17-19: the user's own
insert into transaction_item (user_id, id, transaction_id, position, amount_minor, quantity, description, category_id, is_reduction)
select i.user_id, i.id, i.transaction_id, i.position, i.amount_minor, 1 + pg_temp.r(i.key, 11, 3), 'item ' || i.n || '/' || i.position,
       case when i.category_no < 17 then ('00000000-0000-7000-8000-' || lpad((i.category_no + 1)::text, 12, '0'))::uuid
            else md5(i.user_id || 'category' || (i.category_no - 16))::uuid end,
       i.is_reduction
from gen_item i;

insert into transaction_document (id, user_id, transaction_id, file_id, kind, filename, created_at)
select md5(g.user_id || 'doc' || g.n)::uuid, g.user_id, g.id, md5(g.user_id || 'file' || (1 + 2 * (g.n % 10)))::uuid,
       'receipt', 'receipt.pdf', now()
from gen g where g.n % 50 = 0;

insert into item_image (id, user_id, item_id, transaction_id, file_id, filename, created_at)
select md5(i.user_id || 'img' || i.n || '-' || i.position)::uuid, i.user_id, i.id, i.transaction_id,
       md5(i.user_id || 'file' || (2 + 2 * (i.n % 10)))::uuid, 'photo.jpg', now()
from gen_item i where (i.n + i.position) % 100 = 0;

-- The monthly totals the server keeps on every write (ledger/statistics/MonthTotals): levels
-- 0 category, 1 top-level category, 2 everything, 3 account, 4 seller.
insert into month_totals (user_id, grouped_by, month_start, group_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, lvl, cast(date_trunc('month', t.occurred_on) as date),
       case when lvl = 0 then i.category_id else coalesce(c.parent_id, c.id) end, t.currency, t.direction,
       sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id join category c on c.id = i.category_id,
     (values (0), (1)) as levels(lvl)
group by t.user_id, lvl, cast(date_trunc('month', t.occurred_on) as date),
         case when lvl = 0 then i.category_id else coalesce(c.parent_id, c.id) end, t.currency, t.direction;

insert into month_totals (user_id, grouped_by, month_start, group_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, lvl, cast(date_trunc('month', t.occurred_on) as date),
       case lvl when 2 then cast('00000000-0000-0000-0000-000000000000' as uuid) when 3 then t.account_id
                else coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)) end,
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t, (values (2), (3), (4)) as levels(lvl)
group by t.user_id, lvl, cast(date_trunc('month', t.occurred_on) as date),
         case lvl when 2 then cast('00000000-0000-0000-0000-000000000000' as uuid) when 3 then t.account_id
                  else coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)) end,
         t.currency, t.direction;

-- The day totals kept beside them: levels 0 category and 2 everything, per day.
insert into day_totals (user_id, grouped_by, group_id, occurred_on, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, lvl, case when lvl = 0 then i.category_id else cast('00000000-0000-0000-0000-000000000000' as uuid) end, t.occurred_on,
       t.currency, t.direction, sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id, (values (0), (2)) as levels(lvl)
group by t.user_id, lvl, case when lvl = 0 then i.category_id else cast('00000000-0000-0000-0000-000000000000' as uuid) end, t.occurred_on, t.currency, t.direction;

-- The money model (issue 16's features), so the flow and the statistics run against a ledger
-- that uses them: every user keeps EUR as home currency (Europe/Berlin); the reference rates
-- (EUR to USD and JPY, one a day as the ECB publishes them) convert the USD and JPY accounts'
-- spending; a transfer from the current account to the travel card on the 25th of every month
-- (EUR sent, USD received at that day's rate) moves money without being spending; an overall
-- budget and a Food budget; a monthly rent rule whose next day lies after the data set.
-- psql variable money=0 leaves them out (to compare with runs from before they existed).
\if :money
insert into user_preferences (user_id, home_currency, time_zone, updated_at)
select id, 'EUR', 'Europe/Berlin', now() from lab_user;

insert into reference_rate (rate_date, base, quote, rate)
select d::date, 'EUR', c.quote, round(cast(c.rate * (1 + 0.05 * sin(extract(epoch from d) / 1e7)) as numeric), 6)
from generate_series(date '2019-01-01', date '2026-10-31', interval '1 day') d,
     (values ('USD', 1.1), ('JPY', 150.0)) as c(quote, rate)
on conflict do nothing;

insert into transfer (id, user_id, from_account_id, to_account_id, occurred_on, sent_minor, sent_currency,
                      received_minor, received_currency, note, created_at, updated_at)
select md5(u.id || 'transfer' || m)::uuid, u.id, md5(u.id || 'account' || 1)::uuid, md5(u.id || 'account' || 2)::uuid,
       m::date + 24, sent, 'EUR', round(sent * r.rate), 'USD', 'Top-up', now(), now()
from lab_user u, generate_series(date '2019-01-01', date '2026-10-01', interval '1 month') m,
     lateral (select cast(10000 + pg_temp.r(cast(u.u as bigint) * 100000 + (extract(year from m) * 12 + extract(month from m))::int, 12, 40000) as bigint) as sent) s,
     lateral (select rate from reference_rate where base = 'EUR' and quote = 'USD' and rate_date = m::date + 24) r;

insert into budget (user_id, target_id, category_id, amount_minor, currency, updated_at)
select id, cast('00000000-0000-0000-0000-000000000000' as uuid), null, 250000, 'EUR', now() from lab_user
union all
select id, cast('00000000-0000-7000-8000-000000000001' as uuid), cast('00000000-0000-7000-8000-000000000001' as uuid),
       60000, 'EUR', now() from lab_user;

-- the template as the server stores it (recurring.Template, Jackson's compact JSON)
insert into recurring_rule (id, user_id, name, template, every_n, unit, day_of_month, last_day, start_on, end_on, max_count,
                            action, produced_count, next_on, created_at, updated_at, account_id, seller_id)
select md5(id || 'rule')::uuid, id, 'Rent',
       '{"accountId":"' || md5(id || 'account' || 1)::uuid || '","direction":"expense","mode":"transfer","sellerId":null,'
           || '"note":"Rent","items":[{"id":null,"amount":"850.00","quantity":1,"description":"Rent","brand":null,'
           || '"variation":null,"categoryId":"00000000-0000-7000-8000-000000000002","isReduction":false}]}',
       1, 'months', 1, false, date '2019-01-01', null, null, 'record', 0, date '2099-01-01', now(), now(),
       md5(id || 'account' || 1)::uuid, null
from lab_user;

insert into recurring_rule_category (user_id, rule_id, category_id)
select id, md5(id || 'rule')::uuid, cast('00000000-0000-7000-8000-000000000002' as uuid) from lab_user;
\endif

analyze;
