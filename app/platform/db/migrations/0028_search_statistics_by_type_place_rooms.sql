-- Decision 070 (docs/decisions/070-a-search-page-within-its-budget.md): what the planner knows of listings by type,
-- governorate and room count together. Without it the planner multiplies their selectivities as if they were
-- independent, so it expected thousands of shops with three rooms in Hama, or of villas in a governorate that has none,
-- and walked a whole order's index (1,000,000 entries, 150 to 330 ms) to find none. The MCV list of the three columns
-- holds every combination present (about 360 at 1,000,000 listings; a target of 400 kept only 334, so 1,000); a
-- combination absent from it is estimated rare, and the planner reads it through the type and governorate indexes.
CREATE STATISTICS IF NOT EXISTS "estates_type_place_rooms_stats" (mcv) ON "estate_type_id", "governorate_id", "rooms_count" FROM "estates";--> statement-breakpoint
ALTER STATISTICS "estates_type_place_rooms_stats" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "estates";
