-- Monthly totals per category, kept exact by the same database transaction that writes a
-- saved transaction (see statistics/CategoryRollup). Level 0 rows are per item category,
-- level 1 rows per top-level category (a parent with its children, or a category without
-- parent), each with its own distinct transaction count. Rows are per user, so no row is
-- shared between users: only one user's concurrent saves ever wait for each other.
create table category_month (
    user_id           uuid not null references users (id) on delete cascade,
    rollup_level      smallint not null,
    month_start       date not null,
    category_id       uuid not null,
    currency          char(3) not null,
    direction         varchar(10) not null,
    amount_minor      bigint not null,
    item_count        bigint not null,
    transaction_count bigint not null,
    primary key (user_id, rollup_level, month_start, category_id, currency, direction)
);

insert into category_month (user_id, rollup_level, month_start, category_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, 0, cast(date_trunc('month', t.occurred_on) as date), i.category_id, t.currency, t.direction,
       sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id
group by t.user_id, cast(date_trunc('month', t.occurred_on) as date), i.category_id, t.currency, t.direction;

insert into category_month (user_id, rollup_level, month_start, category_id, currency, direction, amount_minor, item_count, transaction_count)
select t.user_id, 1, cast(date_trunc('month', t.occurred_on) as date), coalesce(c.parent_id, c.id), t.currency, t.direction,
       sum(case when i.is_reduction then -i.amount_minor else i.amount_minor end), count(*), count(distinct t.id)
from transaction_item i join transactions t on t.id = i.transaction_id join category c on c.id = i.category_id
group by t.user_id, cast(date_trunc('month', t.occurred_on) as date), coalesce(c.parent_id, c.id), t.currency, t.direction;
