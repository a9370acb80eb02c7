-- The SHA-256 (hex) of the canonical request that first used the row's Idempotency-Key: the
-- same key with another request is refused (422) instead of answered with this transaction.
-- Rows saved before this column existed have none and are matched by the key alone.
alter table transactions add column idempotency_hash varchar(64);
