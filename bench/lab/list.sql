-- pgbench script: the four statements GET /transactions?limit=50 runs (ledger/
-- TransactionQueries), for a random lab user; the page's ids come in as an array from a subquery where
-- the server binds them as one array parameter (`= any(?)`). Run with -D users=N.
\set u random(1, :users)
select t.*, s.name from transactions t left join seller s on s.id = t.seller_id
where t.user_id = md5('lab-user' || :u)::uuid order by t.occurred_on desc, t.id desc limit 51;
select i.id, i.item_id, i.filename, f.media_type, f.size_bytes from item_image i join stored_file f on f.id = i.file_id
where i.user_id = md5('lab-user' || :u)::uuid and i.transaction_id = any(array
      (select id from transactions where user_id = md5('lab-user' || :u)::uuid order by occurred_on desc, id desc limit 51))
order by i.created_at, i.id;
select i.*, c.name, c.icon from transaction_item i join category c on c.id = i.category_id
where i.user_id = md5('lab-user' || :u)::uuid and i.transaction_id = any(array
      (select id from transactions where user_id = md5('lab-user' || :u)::uuid order by occurred_on desc, id desc limit 51))
order by i.transaction_id, i.position;
select d.id, d.transaction_id, d.kind, d.filename, f.media_type, f.size_bytes from transaction_document d join stored_file f on f.id = d.file_id
where d.user_id = md5('lab-user' || :u)::uuid and d.transaction_id = any(array
      (select id from transactions where user_id = md5('lab-user' || :u)::uuid order by occurred_on desc, id desc limit 51))
order by d.created_at, d.id;
