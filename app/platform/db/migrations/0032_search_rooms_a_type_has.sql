-- Decision 074 (docs/decisions/074-rooms-a-type-never-has.md): the most rooms of an estate type's approved listings, one
-- probe of this index. A search asking a type for more rooms than it ever has (shops, lands and farms have none) is
-- answered with no results before the search reads the type's every listing.
CREATE INDEX IF NOT EXISTS "estates_type_rooms_idx" ON "estates" USING btree ("estate_type_id","rooms_count") WHERE "estates"."status" = 'approved';
