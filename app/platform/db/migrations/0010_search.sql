ALTER TABLE "estates" ADD COLUMN "search_tsv" "tsvector";--> statement-breakpoint
CREATE INDEX "estates_search_tsv_idx" ON "estates" USING gin ("search_tsv") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_currency_price_idx" ON "estates" USING btree ("currency","price") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_area_idx" ON "estates" USING btree ("area" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
-- Word search (decision 024), written by hand: drizzle cannot express functions and triggers.
-- search_normalize folds what Arabic writers vary: hamza and wasla forms of alef (أ إ آ ٱ) to ا, taa marbuta (ة) to
-- ه, alif maqsura (ى) to ي, and removes the tashkeel (U+064B-U+065F, U+0670) and tatweel (U+0640); Latin letters are
-- lowered. The app runs the same function on the query (estate.server.ts), so both sides agree by construction.
CREATE FUNCTION "search_normalize"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي'))
$$;
--> statement-breakpoint
-- What a listing is found by: its title's parts as the cards write it (estate-card.server.ts: offer type, estate
-- type, governorate and place, in both languages, plus the words of the titles' templates) and both descriptions.
-- 'simple' configuration: no stemming and no stop words, the same for Arabic and English.
CREATE FUNCTION "estates_search_document"(e "estates") RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple', search_normalize(concat_ws(' ',
    (SELECT o.name_ar || ' ' || o.name_en FROM estate_offer_types o WHERE o.id = e.estate_offer_type_id),
    CASE WHEN e.estate_offer_type_id = 1 THEN 'للبيع sale' ELSE 'للإيجار rent' END,
    (SELECT t.name_ar || ' ' || t.name_en FROM estate_types t WHERE t.id = e.estate_type_id),
    (SELECT l.name_ar || ' ' || l.name_en || ' ' || g.name_ar || ' ' || g.name_en
       FROM locations l JOIN governorates g ON g.id = l.governorate_id WHERE l.id = e.location_id),
    e.description_ar,
    e.description_en)))
$$;
--> statement-breakpoint
CREATE FUNCTION "estates_search_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_tsv := estates_search_document(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estates_search_tsv" BEFORE INSERT OR UPDATE OF "description_ar", "description_en", "estate_type_id", "estate_offer_type_id", "location_id" ON "estates" FOR EACH ROW EXECUTE FUNCTION "estates_search_tsv"();
--> statement-breakpoint
UPDATE "estates" SET "search_tsv" = estates_search_document("estates");
