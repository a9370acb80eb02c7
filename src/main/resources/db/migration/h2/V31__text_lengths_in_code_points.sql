-- A text's length limit counts Unicode code points: in the API (CodePointLength, JSON Schema's
-- maxLength) and in PostgreSQL's varchar(n). H2's varchar(n) counts UTF-16 units, where a code
-- point beyond the BMP (an emoji) takes two, so 100 emoji did not fit a varchar(100) name that the
-- API accepts. Each column that holds text a person typed is twice as wide on H2, so its limit, in
-- code points, is the API's; the API's validation keeps every value within it.
alter table users alter column display_name set data type varchar(200);
alter table account alter column name set data type varchar(200);
alter table account alter column institution set data type varchar(200);
alter table account alter column reference_number set data type varchar(128);
alter table category alter column name set data type varchar(200);
alter table seller alter column name set data type varchar(400);
alter table seller_location alter column name set data type varchar(400);
alter table seller_location alter column address set data type varchar(1000);
alter table draft alter column note set data type varchar(1000);
alter table draft_item alter column description set data type varchar(400);
alter table draft_item alter column brand set data type varchar(200);
alter table draft_item alter column variation set data type varchar(200);
alter table transactions alter column note set data type varchar(1000);
alter table transaction_item alter column description set data type varchar(400);
alter table transaction_item alter column brand set data type varchar(200);
alter table transaction_item alter column variation set data type varchar(200);
alter table transfer alter column note set data type varchar(1000);
alter table recurring_rule alter column name set data type varchar(200);
-- an import's column names come from the file's header
alter table import_mapping alter column date_column set data type varchar(400);
alter table import_mapping alter column amount_column set data type varchar(400);
alter table import_mapping alter column debit_column set data type varchar(400);
alter table import_mapping alter column credit_column set data type varchar(400);
alter table import_mapping alter column description_column set data type varchar(400);
alter table import_mapping alter column seller_column set data type varchar(400);
alter table import_mapping alter column category_column set data type varchar(400);
alter table import_mapping alter column account_column set data type varchar(400);
alter table import_mapping alter column currency_column set data type varchar(400);
alter table import_mapping alter column note_column set data type varchar(400);
alter table import_mapping alter column mode_column set data type varchar(400);
alter table import_mapping alter column transaction_column set data type varchar(400);
