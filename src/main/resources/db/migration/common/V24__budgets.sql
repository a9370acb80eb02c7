-- Monthly budgets: one per category (its children roll up into it) and one overall, each an exact
-- amount in minor units of the currency it was set in (the user's home currency at the time).
-- target_id is the category, or the nil UUID for the overall budget, so the key needs no nullable
-- column; category_id repeats it for categories only so that deleting a category removes its budget.
-- Spending against a budget is read from the ledger's month_totals, never from the transactions.
create table budget (
    user_id      uuid not null references users (id) on delete cascade,
    target_id    uuid not null,
    category_id  uuid references category (id) on delete cascade,
    amount_minor bigint not null,
    currency     char(3) not null,
    updated_at   timestamp with time zone not null,
    primary key (user_id, target_id),
    constraint budget_amount check (amount_minor > 0),
    constraint budget_target check ((category_id is null and target_id = '00000000-0000-0000-0000-000000000000') or category_id = target_id)
);
