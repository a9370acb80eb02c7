-- The reference columns (V25) of the rules saved before them, read from their templates
-- (Jackson's compact JSON, ids as quoted strings). An id that names nothing of the rule's user any
-- more (the rule was already broken) stays empty.
-- H2 has no JSON path functions: the ids are matched by pattern, one item at a time (at most 20).
update recurring_rule r set account_id = (
    select a.id from account a
    where a.user_id = r.user_id and a.id = cast(regexp_substr(r.template, '"accountId":"([0-9a-f-]{36})"', 1, 1, 'c', 1) as uuid)
);
update recurring_rule r set seller_id = (
    select s.id from seller s
    where s.user_id = r.user_id and s.id = cast(regexp_substr(r.template, '"sellerId":"([0-9a-f-]{36})"', 1, 1, 'c', 1) as uuid)
);
insert into recurring_rule_category (user_id, rule_id, category_id)
select distinct r.user_id, r.id, c.id
from recurring_rule r
cross join system_range(1, 20) as n(k)
join category c on c.id = cast(regexp_substr(r.template, '"categoryId":"([0-9a-f-]{36})"', 1, n.k, 'c', 1) as uuid)
where c.user_id = r.user_id or c.user_id is null;
