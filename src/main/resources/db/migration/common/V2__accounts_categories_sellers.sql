-- The ledger: accounts, categories, sellers and their locations.
-- Every user-owned row carries user_id: it is the security boundary (every query filters
-- on it) and the future sharding key.

create table account (
    id               uuid primary key,
    user_id          uuid not null references users (id) on delete cascade,
    name             varchar(100) not null,
    currency         char(3) not null,
    institution      varchar(100),
    reference_number varchar(64),
    archived         boolean not null default false,
    created_at       timestamp with time zone not null,
    updated_at       timestamp with time zone not null
);
create index account_user_idx on account (user_id, created_at);

-- Built-in categories have no user_id and are visible to everyone; a user's own categories
-- may sit one level below any category (built-in or their own top-level one).
create table category (
    id          uuid primary key,
    user_id     uuid references users (id) on delete cascade,
    parent_id   uuid references category (id),
    builtin_key varchar(40),
    name        varchar(100) not null,
    icon        varchar(64) not null,
    archived    boolean not null default false,
    created_at  timestamp with time zone not null
);
create index category_user_idx on category (user_id, parent_id);

insert into category (id, user_id, parent_id, builtin_key, name, icon, archived, created_at) values
    ('00000000-0000-7000-8000-000000000001', null, null, 'food', 'Food', 'restaurant', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000002', null, null, 'rent', 'Rent', 'home', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000003', null, null, 'utilities', 'Utilities', 'construction', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000004', null, null, 'transportation', 'Transportation', 'directions_car', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000005', null, null, 'healthcare', 'Healthcare', 'medical_services', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000006', null, null, 'debt', 'Debt', 'credit_card', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000007', null, null, 'childcare', 'Childcare', 'child_care', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000008', null, null, 'household', 'Household', 'household_supplies', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000009', null, null, 'entertainment', 'Entertainment', 'tv', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000010', null, null, 'self_care', 'Self care', 'self_care', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000011', null, null, 'clothing', 'Clothing', 'checkroom', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000012', null, null, 'education', 'Education', 'book', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000013', null, null, 'gifts_and_donations', 'Gifts and donations', 'featured_seasonal_and_gifts', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000014', null, null, 'emergency', 'Emergency', 'emergency', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000015', null, null, 'savings', 'Savings', 'savings', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000016', null, null, 'fitness', 'Fitness', 'fitness_center', false, timestamp with time zone '2026-01-01 00:00:00+00'),
    ('00000000-0000-7000-8000-000000000017', null, null, 'miscellaneous', 'Miscellaneous', 'category', false, timestamp with time zone '2026-01-01 00:00:00+00');

create table seller (
    id         uuid primary key,
    user_id    uuid not null references users (id) on delete cascade,
    name       varchar(200) not null,
    created_at timestamp with time zone not null,
    updated_at timestamp with time zone not null
);
create index seller_user_idx on seller (user_id, name);

-- A location is either virtual (an online shop) or has coordinates.
create table seller_location (
    id         uuid primary key,
    user_id    uuid not null references users (id) on delete cascade,
    seller_id  uuid not null references seller (id) on delete cascade,
    name       varchar(200),
    address    varchar(500),
    is_virtual boolean not null,
    latitude   double precision,
    longitude  double precision,
    created_at timestamp with time zone not null,
    constraint seller_location_coordinates check (is_virtual or (latitude is not null and longitude is not null))
);
create index seller_location_seller_idx on seller_location (seller_id);
-- Nearby search: a bounding box on (latitude, longitude) is an index range scan within one
-- user's locations, so the cost follows the box's population, not the table's size.
create index seller_location_geo_idx on seller_location (user_id, latitude, longitude);
