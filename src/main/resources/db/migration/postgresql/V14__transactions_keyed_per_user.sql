-- A transaction's id is chosen by the client (a retried create finds its record by it), so it is
-- unique per user, not across users: an id another user happens to hold is neither refused nor
-- a way to learn that their record exists. The rows that belong to a transaction refer to it by
-- (user_id, transaction_id). Dropping the old key drops the foreign keys that referred to it.
alter table transactions drop constraint transactions_pkey cascade;
alter table transactions add primary key (user_id, id);
alter table transaction_item add foreign key (user_id, transaction_id) references transactions (user_id, id) on delete cascade;
alter table transaction_document add foreign key (user_id, transaction_id) references transactions (user_id, id) on delete cascade;
alter table item_image add foreign key (user_id, transaction_id) references transactions (user_id, id) on delete cascade;
alter table imported_row add foreign key (user_id, transaction_id) references transactions (user_id, id) on delete cascade;
