-- Decision 048: the words of a search are normalised once, by one definition that the application repeats exactly
-- (searchNormalize in app/models/estate-search.server.ts; tests/search-words.test.ts compares the two on random text
-- against this database). lower() left the function: PostgreSQL lowers by the database's locale, which no JavaScript
-- can repeat (σ or ς for Σ, i or i̇ for İ), and the 'simple' dictionary already lowers every word of the document and
-- of the query in the same way. The rest is unchanged: tashkeel (U+064B-U+065F, U+0670) and tatweel (U+0640) removed,
-- أ إ آ ٱ to ا, ة to ه, ى to ي. Still IMMUTABLE: no index is built on it (estates.search_tsv is a column its trigger
-- fills), and the documents it made are rebuilt below where they change.
CREATE OR REPLACE FUNCTION "search_normalize"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي')
$$;
--> statement-breakpoint
-- The 'simple' dictionary lowers as lower() does, so this rewrites no row unless the two ever differ.
UPDATE "estates" e SET "search_tsv" = d."document"
FROM (SELECT x."id", estates_search_document(x) AS "document" FROM "estates" x) d
WHERE d."id" = e."id" AND e."search_tsv" IS DISTINCT FROM d."document";
