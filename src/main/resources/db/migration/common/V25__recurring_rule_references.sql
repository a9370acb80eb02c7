-- A rule's account, seller and categories as columns with foreign keys, written with the rule in
-- one transaction. They were only inside the template's JSON, so an account or category that only
-- a rule used could be deleted, and the rule then failed on its next day. Now the database refuses
-- that delete, and the owning modules ask these columns (not the JSON text) whether a rule needs them.
-- V26 fills them for the rules saved before (per database: PostgreSQL reads the JSON, H2 matches it).
alter table recurring_rule add column account_id uuid;
alter table recurring_rule add column seller_id uuid;
alter table recurring_rule add constraint recurring_rule_account_fk foreign key (account_id) references account (id);
alter table recurring_rule add constraint recurring_rule_seller_fk foreign key (seller_id) references seller (id);
create index recurring_rule_account_idx on recurring_rule (account_id);
create index recurring_rule_seller_idx on recurring_rule (seller_id);

-- A rule's items may name several categories (each once here); built-in ones too.
create table recurring_rule_category (
    user_id     uuid not null,
    rule_id     uuid not null,
    category_id uuid not null references category (id),
    primary key (user_id, rule_id, category_id),
    foreign key (user_id, rule_id) references recurring_rule (user_id, id) on delete cascade
);
create index recurring_rule_category_idx on recurring_rule_category (category_id);
