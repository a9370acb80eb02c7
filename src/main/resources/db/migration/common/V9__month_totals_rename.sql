-- The monthly totals hold more than categories (all categories, accounts, sellers), so the
-- table and its key columns say what they hold: month_totals, grouped by `grouped_by`
-- (0 category, 1 top-level category, 2 all, 3 account, 4 seller) on `group_id` (the category,
-- account or seller id; the nil UUID for "all" and for "no seller"). Owned by the ledger.
alter table category_month rename to month_totals;
alter table month_totals rename column rollup_level to grouped_by;
alter table month_totals rename column category_id to group_id;
