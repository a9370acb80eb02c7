-- The reference columns (V25) of the rules saved before them, read from their templates
-- (Jackson's compact JSON, ids as quoted strings). An id that names nothing of the rule's user any
-- more (the rule was already broken) stays empty.
update recurring_rule r set account_id = a.id
from account a
where a.user_id = r.user_id and a.id = cast(cast(r.template as jsonb) ->> 'accountId' as uuid);
update recurring_rule r set seller_id = s.id
from seller s
where s.user_id = r.user_id and s.id = cast(cast(r.template as jsonb) ->> 'sellerId' as uuid);
insert into recurring_rule_category (user_id, rule_id, category_id)
select distinct r.user_id, r.id, c.id
from recurring_rule r
cross join lateral jsonb_array_elements(cast(r.template as jsonb) -> 'items') item
join category c on c.id = cast(item ->> 'categoryId' as uuid)
where c.user_id = r.user_id or c.user_id is null;
