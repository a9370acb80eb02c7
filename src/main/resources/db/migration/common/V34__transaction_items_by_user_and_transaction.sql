-- A page's items are read by "user_id = ? and transaction_id in (...)", and every other read or
-- delete of a transaction's items names both too. With only (transaction_id, position) PostgreSQL
-- answered the page by AND-ing two bitmaps, one of them every item of the user from the primary
-- key (4,400 index entries for a page of 260 items with 1,000 transactions a user), and its
-- generic plan for the prepared statement did so on every call; this index is one range scan per
-- transaction, already in the page's order. It also serves the foreign key to transactions
-- (user_id, transaction_id) that cascades a transaction's deletion. docs/performance.md, 2026-11-28.
create index transaction_item_user_transaction_idx on transaction_item (user_id, transaction_id, position);
drop index transaction_item_transaction_idx;
