-- docs/decisions/013-page-cache.md: every process keeps rendered pages for visitors and must stop serving
-- them within a second of any change that alters what visitors see, also when several processes share one
-- database. Each statement that writes such a table sends a notification on the channel `page_changes`; PostgreSQL
-- delivers it to every listening session when (and only if) the transaction commits, so no process can see it
-- before the change is visible. Writes that visitors never see (sessions, limits, messages, leads, saves, reports,
-- pending edits, the outbox) send nothing.
CREATE OR REPLACE FUNCTION "notify_page_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  -- Listings, their photos, offices, articles, the lookup lists and the places.
  FOREACH t IN ARRAY ARRAY['estates', 'estate_images', 'offices', 'articles', 'governorates', 'locations',
    'price_domains', 'ownership_types', 'estate_types', 'contract_types', 'interior_statuses', 'estate_offer_types',
    'period_types', 'area_units', 'report_reasons'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_page_changes()', t || '_page_changes', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- Users: a suspension hides listings and names appear on them; a log-in or a new account changes nothing public.
CREATE TRIGGER "users_page_changes" AFTER UPDATE OF "status", "first_name", "last_name", "phone", "role" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_changes"();
