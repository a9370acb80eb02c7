-- Level 2 rows of category_month: each month's totals over all categories (category_id is the
-- nil UUID), with exact distinct transaction counts, for the summary and the monthly timeline.
insert into category_month (user_id, rollup_level, month_start, category_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, 2, cast(date_trunc('month', t.occurred_on) as date), cast('00000000-0000-0000-0000-000000000000' as uuid),
       t.currency, t.direction, sum(t.total_minor), sum(t.item_count), count(*)
from transactions t
group by t.user_id, cast(date_trunc('month', t.occurred_on) as date), t.currency, t.direction;
