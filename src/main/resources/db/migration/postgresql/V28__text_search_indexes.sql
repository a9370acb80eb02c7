-- The list's text search (`GET /transactions?text=`, TransactionQueries) asks
-- `lower(column) LIKE '%text%'` of the note, the seller's name and each item's description and
-- brand. A b-tree cannot answer a substring, so without these PostgreSQL tests every transaction
-- of the user (119 ms at 100,000 for a word that is rare). Trigram GIN indexes on exactly the
-- lower-cased expressions the query compares find a rare word's rows directly; the list asks
-- for each part on its own so that each can use its index. pg_trgm ships with PostgreSQL
-- (contrib) and is a trusted extension: the database's owner may create it (docs: README).
create extension if not exists pg_trgm;
create index transactions_note_trgm_idx on transactions using gin (lower(note) gin_trgm_ops);
create index transaction_item_description_trgm_idx on transaction_item using gin (lower(description) gin_trgm_ops);
create index transaction_item_brand_trgm_idx on transaction_item using gin (lower(brand) gin_trgm_ops);
-- The newest transactions of each seller whose name matches, read in the list's order (the
-- search takes a page per matching seller, so a word no seller has costs nothing).
-- Led by seller_id, not user_id (a seller's id is unique across users, and all of its
-- transactions are its user's): an index led by user_id that holds id too ties with the primary
-- key when a foreign-key check "user_id = $1 and id = $2" is planned on an empty table, and the
-- import's checks then read every transaction of the user (see V29, ImportForeignKeyPlanTest).
create index transactions_seller_idx on transactions (seller_id, occurred_on desc, id desc);
