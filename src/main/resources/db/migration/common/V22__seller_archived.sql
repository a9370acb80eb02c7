-- A seller that transactions refer to cannot be deleted without rewriting history: it is archived
-- instead (kept for the transactions and statistics, left out of the pickers).
alter table seller add column archived boolean default false not null;
