-- Decision 068 (docs/decisions/068-search-indexes-by-place-and-type.md), for the coast: a governorate's vacation
-- rents by price. "By the night, Tartus as a whole, cheapest" walked the country's vacation rents by price
-- (estates_vacation_price_sort_syp_idx) and dropped 5,085 of other governorates to find 13.
CREATE INDEX "estates_vacation_governorate_price_sort_syp_idx" ON "estates" USING btree ("governorate_id","price_sort_syp","id") WHERE "estates"."status" = 'approved' AND "estates"."period_type_id" IN (1, 2, 4);--> statement-breakpoint
CREATE INDEX "estates_vacation_governorate_price_sort_syp_desc_idx" ON "estates" USING btree ("governorate_id","price_sort_syp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved' AND "estates"."period_type_id" IN (1, 2, 4);
