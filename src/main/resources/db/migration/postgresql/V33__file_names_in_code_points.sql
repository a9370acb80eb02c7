-- H2 only (h2/V33): PostgreSQL's varchar(255) already counts code points. Present so both
-- databases stand at the same schema version.
select 1;
