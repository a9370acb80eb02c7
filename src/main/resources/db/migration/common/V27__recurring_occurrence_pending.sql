-- A rule may ask before it records (action "confirm"): its due occurrence is then kept here as
-- pending, under the same primary key (user, rule, day), so the database still decides that each
-- day happens once. The person confirms it (the transaction is recorded with the id reserved in
-- transaction_id, and the row becomes recorded) or skips it; the receipt draft is not touched.
alter table recurring_occurrence add column state varchar(10) default 'recorded' not null;
alter table recurring_occurrence add constraint recurring_occurrence_state check (state in ('recorded', 'pending', 'skipped'));
create index recurring_occurrence_state_idx on recurring_occurrence (user_id, state, occurs_on);
