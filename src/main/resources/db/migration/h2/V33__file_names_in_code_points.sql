-- A file's name is kept to 255 code points (an upload's name is cut there, never inside an emoji);
-- H2's varchar(n) counts UTF-16 units, where an emoji takes two, so H2's columns are twice as wide
-- (as V31 did for typed text). PostgreSQL's varchar(255) already counts code points.
alter table draft_document alter column filename set data type varchar(510);
alter table draft_item_image alter column filename set data type varchar(510);
alter table transaction_document alter column filename set data type varchar(510);
alter table item_image alter column filename set data type varchar(510);
alter table import_upload alter column filename set data type varchar(510);
