-- A recurring rule's template is its transaction as JSON: a note of 500 and twenty items of 400
-- characters of text, each character up to two in JSON (a quote or a line break is escaped; on H2
-- an emoji is two UTF-16 units), plus about 4,200 for the items' ids, amounts and field names:
-- about 21,500 at most, more than varchar(20000) held.
alter table recurring_rule alter column template set data type varchar(40000);
