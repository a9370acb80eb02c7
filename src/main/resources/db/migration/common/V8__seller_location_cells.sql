-- Nearby search by grid cell: each located seller location falls in a 0.01 x 0.01 degree cell
-- (about 1.1 km north-south). A search of up to a few kilometres looks up the handful of cells
-- its bounding box covers, instead of range-scanning a whole latitude band.
alter table seller_location add column cell integer;

update seller_location set cell = cast(floor(latitude * 100) as integer) * 40000 + cast(floor(longitude * 100) as integer)
where latitude is not null and longitude is not null;

create index seller_location_cell_idx on seller_location (user_id, cell);
