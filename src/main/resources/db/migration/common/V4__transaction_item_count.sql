-- How many items a saved transaction has, kept beside total_minor so statistics without
-- item-level conditions aggregate the transactions table alone (no join to items).
alter table transactions add column item_count integer not null default 0;

update transactions t set item_count = (select count(*) from transaction_item i where i.transaction_id = t.id);
