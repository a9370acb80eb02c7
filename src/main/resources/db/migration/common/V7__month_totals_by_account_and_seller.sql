-- Levels 3 and 4 of category_month: monthly totals per account and per seller (category_id
-- holds the account or seller id; the nil UUID stands for "no seller").
insert into category_month (user_id, rollup_level, month_start, category_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, 3, cast(date_trunc('month', t.occurred_on) as date), t.account_id,
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t
group by t.user_id, cast(date_trunc('month', t.occurred_on) as date), t.account_id, t.currency, t.direction;

insert into category_month (user_id, rollup_level, month_start, category_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, 4, cast(date_trunc('month', t.occurred_on) as date), coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)),
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t
group by t.user_id, cast(date_trunc('month', t.occurred_on) as date), coalesce(t.seller_id, cast('00000000-0000-0000-0000-000000000000' as uuid)), t.currency, t.direction;
