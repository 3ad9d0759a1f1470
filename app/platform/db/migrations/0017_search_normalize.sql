-- Decision 048: the words of a search are normalised once, by one definition that the application repeats exactly
-- (searchNormalize in app/features/search/estate-search.server.ts; tests/search-words.test.ts compares the two on random text
-- against this database). lower() left the function: PostgreSQL lowers by the database's locale, which no JavaScript
-- can repeat (σ or ς for Σ, i or i̇ for İ), and the 'simple' dictionary already lowers every word of the document and
-- of the query in the same way. The rest is unchanged: tashkeel (U+064B-U+065F, U+0670) and tatweel (U+0640) removed,
-- أ إ آ ٱ to ا, ة to ه, ى to ي. Still IMMUTABLE. No index is built on it: estates.search_tsv is a column its trigger
-- fills, and the documents stored are the same without lower() (the dictionary lowered each word after it), so they
-- are not rebuilt here; reading every listing's document to check took 8.3 s at 20,000 listings, minutes at a
-- million, during which the server would not start.
CREATE OR REPLACE FUNCTION "search_normalize"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي')
$$;
