-- Only a retried create carries an idempotency key, so the unique index on (user_id,
-- idempotency_key) holds just the rows that have one. Holding every row (the keys of imported
-- and most saved transactions are null) made it a rival of the primary key (user_id, id) for the
-- foreign-key checks of transaction_item and imported_row ("user_id = $1 and id = $2"): when
-- such a check is planned while transactions is empty and never analysed, as in an import into
-- a new ledger, the two indexes cost the same and the smaller one won, so every check read all
-- of the user's transactions through it and filtered on id, and an import's inserts grew
-- quadratically (a 100,000-row import ran for more than 8 minutes instead of about half a
-- minute). A partial index cannot serve a query without "idempotency_key is not null", so the
-- checks always take the primary key; the lookup by key (idempotency_key = ?) still uses it,
-- and uniqueness is unchanged (null keys never collided). H2 has no partial indexes and plans
-- foreign-key checks by the referenced key itself, so it keeps V3's index.
drop index transactions_idempotency_uq;
create unique index transactions_idempotency_uq on transactions (user_id, idempotency_key) where idempotency_key is not null;
