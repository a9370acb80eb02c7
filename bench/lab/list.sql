-- pgbench script: the two statements GET /transactions?limit=50 runs (ledger/TransactionQueries,
-- PageWithTransfers), for a random lab user, in their PostgreSQL form with fewer columns spelled
-- out: the page of transactions as a common table expression with its transfers (bounded by the
-- page's last date when it is full), then the page's items with their images and categories and
-- its documents in one UNION ALL. The page's ids come in as a subquery where the server passes
-- them as a list. Run with -D users=N.
\set u random(1, :users)
with page as (
  select t.*, s.name from transactions t left join seller s on s.id = t.seller_id
  where t.user_id = md5('lab-user' || :u)::uuid order by t.occurred_on desc, t.id desc limit 51)
(select 0 as entry_kind, page.id, page.occurred_on, page.account_id, page.total_minor, page.currency, page.note, page.name,
        null::uuid as transfer_id, null::bigint as sent_minor from page)
union all
(select 1, null, tr.occurred_on, tr.from_account_id, null, tr.sent_currency, tr.note, null, tr.id, tr.sent_minor
 from (select * from transfer
       where user_id = md5('lab-user' || :u)::uuid
         and occurred_on >= coalesce((select min(occurred_on) from page having count(*) >= 51), date '1900-01-01')
       order by occurred_on desc, id desc limit 51) tr);
select * from (
  select 0 as line_kind, i.transaction_id, i.position, im.created_at as attached_at, im.id as attachment_id, im.filename,
         f.media_type, f.size_bytes, null::varchar(20) as document_kind, i.id as item_id, i.amount_minor, i.quantity,
         i.description, i.brand, i.variation, c.id as category_id, c.name as category_name, c.icon, i.is_reduction
  from transaction_item i join category c on c.id = i.category_id
  left join item_image im on im.transaction_id = i.transaction_id and im.user_id = i.user_id and im.item_id = i.id
  left join stored_file f on f.id = im.file_id
  where i.user_id = md5('lab-user' || :u)::uuid and i.transaction_id in
        (select id from transactions where user_id = md5('lab-user' || :u)::uuid order by occurred_on desc, id desc limit 51)
  union all
  select 1, d.transaction_id, null, d.created_at, d.id, d.filename, f.media_type, f.size_bytes, d.kind,
         null, null, null, null, null, null, null, null, null, null
  from transaction_document d join stored_file f on f.id = d.file_id
  where d.user_id = md5('lab-user' || :u)::uuid and d.transaction_id in
        (select id from transactions where user_id = md5('lab-user' || :u)::uuid order by occurred_on desc, id desc limit 51)
) attached order by line_kind, transaction_id, position, attached_at, attachment_id;
