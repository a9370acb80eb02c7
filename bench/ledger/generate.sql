-- Bulk ledger data for one user, straight into PostgreSQL (psql variables: user_id, first, count, seed).
-- Deterministic for a given seed: ids are md5-derived and random() is seeded.
-- Transactions first..first+count-1 are created, each with 1-5 items (about 3 on average);
-- 2 % get a document, 1 % of items an image (rows only; benchmarks do not download bytes).
select setseed(:seed);

insert into account (id, user_id, name, currency, archived, created_at, updated_at)
select md5(:'user_id' || 'account' || a)::uuid, :'user_id', 'Account ' || a, (array['EUR', 'USD', 'JPY'])[a], false, now(), now()
from generate_series(1, 3) a
on conflict do nothing;

insert into seller (id, user_id, name, created_at, updated_at)
select md5(:'user_id' || 'seller' || s)::uuid, :'user_id', 'Seller ' || s, now(), now()
from generate_series(1, 200) s
on conflict do nothing;

insert into stored_file (id, user_id, sha256, size_bytes, media_type, created_at)
select md5(:'user_id' || 'file' || f)::uuid, :'user_id', encode(sha256(convert_to(:'user_id' || f, 'UTF8')), 'hex'), 20000 + f, 'application/pdf', now()
from generate_series(1, 50) f
on conflict do nothing;

create temporary table gen as
select n,
       md5(:'user_id' || 'txn' || n)::uuid as id,
       1 + (random() * 2)::int as account_no,
       date '2016-01-01' + (random() * 3650)::int as occurred_on,
       1 + (random() * 4)::int as item_count,
       1 + (random() * 199)::int as seller_no
from generate_series(:first, :first + :count - 1) n;

create temporary table gen_item as
select g.id as transaction_id, g.n, i as position,
       md5(:'user_id' || 'item' || g.n || '-' || i)::uuid as id,
       (100 + random() * 9900)::bigint as amount_minor,
       i = 5 as is_reduction,
       1 + (random() * 16)::int as category_no
from gen g, generate_series(1, 5) i
where i <= g.item_count;

create temporary table gen_total as
select transaction_id, sum(case when is_reduction then -amount_minor else amount_minor end) as total_minor, count(*) as item_count
from gen_item group by transaction_id;

insert into transactions (id, user_id, account_id, direction, mode, occurred_on, occurred_at, seller_id, note, currency,
                          total_minor, item_count, created_at, updated_at)
select g.id, :'user_id', md5(:'user_id' || 'account' || g.account_no)::uuid,
       case when g.n % 10 = 0 then 'income' else 'expense' end,
       (array['card', 'transfer', 'cash', 'other'])[1 + g.n % 4],
       g.occurred_on, null, md5(:'user_id' || 'seller' || g.seller_no)::uuid, 'note ' || g.n,
       (array['EUR', 'USD', 'JPY'])[g.account_no],
       t.total_minor, t.item_count, now(), now()
from gen g join gen_total t on t.transaction_id = g.id;

insert into transaction_item (user_id, id, transaction_id, position, amount_minor, quantity, description, category_id, is_reduction)
select :'user_id', i.id, i.transaction_id, i.position, i.amount_minor, 1, 'item ' || i.n || '/' || i.position,
       ('00000000-0000-7000-8000-' || lpad(i.category_no::text, 12, '0'))::uuid, i.is_reduction
from gen_item i;

insert into transaction_document (id, user_id, transaction_id, file_id, kind, filename, created_at)
select md5(:'user_id' || 'doc' || g.n)::uuid, :'user_id', g.id, md5(:'user_id' || 'file' || (1 + g.n % 50))::uuid, 'receipt', 'receipt.pdf', now()
from gen g where g.n % 50 = 0;

insert into item_image (id, user_id, item_id, transaction_id, file_id, filename, created_at)
select md5(:'user_id' || 'img' || i.n || '-' || i.position)::uuid, :'user_id', i.id, i.transaction_id,
       md5(:'user_id' || 'file' || (1 + i.n % 50))::uuid, 'photo.jpg', now()
from gen_item i where (i.n + i.position) % 100 = 0;

-- The monthly category totals the server keeps on every write (ledger/statistics/MonthTotals).
insert into month_totals (user_id, grouped_by, month_start, group_id, currency, direction, amount_minor, item_count, transaction_count)
select :'user_id', lvl, cast(date_trunc('month', t.occurred_on) as date), case when lvl = 0 then i.category_id else coalesce(c.parent_id, c.id) end,
       t.currency, t.direction, sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id join category c on c.id = i.category_id
     join gen g on g.id = t.id, (values (0), (1)) as levels(lvl)
group by lvl, cast(date_trunc('month', t.occurred_on) as date), case when lvl = 0 then i.category_id else coalesce(c.parent_id, c.id) end, t.currency, t.direction
on conflict (user_id, grouped_by, month_start, group_id, currency, direction) do update set
    amount_minor = month_totals.amount_minor + excluded.amount_minor,
    item_count = month_totals.item_count + excluded.item_count,
    transaction_count = month_totals.transaction_count + excluded.transaction_count;

insert into month_totals (user_id, grouped_by, month_start, group_id, currency, direction, amount_minor, item_count, transaction_count)
select :'user_id', 2, cast(date_trunc('month', t.occurred_on) as date), cast('00000000-0000-0000-0000-000000000000' as uuid),
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t join gen g on g.id = t.id
group by cast(date_trunc('month', t.occurred_on) as date), t.currency, t.direction
on conflict (user_id, grouped_by, month_start, group_id, currency, direction) do update set
    amount_minor = month_totals.amount_minor + excluded.amount_minor,
    item_count = month_totals.item_count + excluded.item_count,
    transaction_count = month_totals.transaction_count + excluded.transaction_count;

insert into month_totals (user_id, grouped_by, month_start, group_id, currency, direction, amount_minor, item_count, transaction_count)
select :'user_id', lvl, cast(date_trunc('month', t.occurred_on) as date),
       case when lvl = 3 then t.account_id else coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)) end,
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t join gen g on g.id = t.id, (values (3), (4)) as levels(lvl)
group by lvl, cast(date_trunc('month', t.occurred_on) as date),
         case when lvl = 3 then t.account_id else coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)) end, t.currency, t.direction
on conflict (user_id, grouped_by, month_start, group_id, currency, direction) do update set
    amount_minor = month_totals.amount_minor + excluded.amount_minor,
    item_count = month_totals.item_count + excluded.item_count,
    transaction_count = month_totals.transaction_count + excluded.transaction_count;

-- The day totals kept beside them (levels 0 category and 2 everything, per day).
insert into day_totals (user_id, grouped_by, group_id, occurred_on, currency, direction, amount_minor, item_count, transaction_count)
select :'user_id', lvl, case when lvl = 0 then i.category_id else cast('00000000-0000-0000-0000-000000000000' as uuid) end, t.occurred_on,
       t.currency, t.direction, sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id join gen g on g.id = t.id, (values (0), (2)) as levels(lvl)
group by lvl, case when lvl = 0 then i.category_id else cast('00000000-0000-0000-0000-000000000000' as uuid) end, t.occurred_on, t.currency, t.direction
on conflict (user_id, grouped_by, group_id, occurred_on, currency, direction) do update set
    amount_minor = day_totals.amount_minor + excluded.amount_minor,
    item_count = day_totals.item_count + excluded.item_count,
    transaction_count = day_totals.transaction_count + excluded.transaction_count;
