-- :count seller locations for one user, spread uniformly over a 8 x 9 degree region
-- (about the size of Germany), 1,000 sellers. Deterministic for a given seed.
select setseed(:seed);

insert into seller (id, user_id, name, created_at, updated_at)
select md5(:'user_id' || 'geo-seller' || s)::uuid, :'user_id', 'Geo seller ' || s, now(), now()
from generate_series(1, 1000) s
on conflict do nothing;

insert into seller_location (id, user_id, seller_id, name, address, is_virtual, latitude, longitude, created_at)
select md5(:'user_id' || 'loc' || n)::uuid, :'user_id', md5(:'user_id' || 'geo-seller' || (1 + n % 1000))::uuid,
       'Branch ' || n, null, false, 47 + random() * 8, 6 + random() * 9, now()
from generate_series(1, :count) n;

-- the grid cell the server computes on every write (sellers/NearbyRepository, Cells)
update seller_location set cell = cast(floor(latitude * 100) as integer) * 40000 + cast(floor(longitude * 100) as integer)
where user_id = :'user_id' and cell is null and latitude is not null;
