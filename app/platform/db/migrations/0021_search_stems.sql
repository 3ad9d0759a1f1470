-- Decision 056: words found as people write them. One definition of a word, in SQL here and repeated exactly by
-- app/features/search/search-words.server.ts (searchNormalize, searchStem); tests/search-words.test.ts compares the two on
-- random text against this database (PGlite and PostgreSQL).
--
-- 1. search_normalize also reads Arabic-Indic (٠-٩) and Persian (۰-۹) digits as 0-9, so "٣ غرف" is "3 غرف".
CREATE OR REPLACE FUNCTION "search_normalize"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'ااااهي01234567890123456789')
$$;
--> statement-breakpoint
-- 2. search_words: the text normalised, punctuation made spaces (as the application cuts a query into words), cut
--    into words by the text search parser, and each word reduced to its stem:
--    - an ASCII word is lowered, and loses a plural s (pools → pool; not glass);
--    - an Arabic word loses its article (ال، وال، بال، فال، كال، لل) when two letters or more remain, or a leading
--      و ("and") when four remain (وحديقة → حديقة);
--    - a word of the table below becomes its stem (broken plurals: شقق → شق; English synonyms: flat → apartment);
--    - else an Arabic word loses ات، ون or ين when three letters remain, or the ه of a taa marbuta when two remain
--      (شقة → شقه → شق, مفروشة → مفروش, محلات → محل).
--    The Snowball 'arabic' configuration, present in PGlite and PostgreSQL alike, was not used: it leaves the article
--    on short words (الشقة → الشق, بالمزة → بالمز), so "الشقة" and "شقة" would still differ.
--    Written as one statement over the words (no function call per word): at 1,000,000 listings every document is
--    rebuilt below.
CREATE FUNCTION "search_words"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(coalesce(t.stem,
      CASE
        WHEN b.w ~ '^[a-z]{3,}[^s]s$' THEN left(b.w, -1)
        WHEN b.w ~ '^[ء-ي]{3,}(ات|ون|ين)$' THEN left(b.w, -2)
        WHEN b.w ~ '^[ء-ي]{2,}ه$' THEN left(b.w, -1)
        ELSE b.w
      END), ' ' ORDER BY b.n), '')
  FROM (
    SELECT p.n, CASE
        WHEN p.token ~ '^[A-Za-z]+$' THEN lower(p.token)
        WHEN p.token ~ '^(وال|بال|فال|كال)[ء-ي]{2,}$' THEN substr(p.token, 4)
        WHEN p.token ~ '^(ال|لل)[ء-ي]{2,}$' THEN substr(p.token, 3)
        WHEN p.token ~ '^و[ء-ي]{4,}$' THEN substr(p.token, 2)
        ELSE p.token
      END AS w
    FROM ts_parse('default', regexp_replace(search_normalize(input),
      '[!-/:-@\[-`{-~\u00A0-\u00BF\u060C\u061B\u061F\u066A-\u066D\u06D4\u2000-\u206F]', ' ', 'g'))
      WITH ORDINALITY AS p(tokid, token, n)
    WHERE p.tokid <> 12
  ) b
  LEFT JOIN (VALUES
    ('شقق', 'شق'), ('شقتين', 'شق'), ('شقتان', 'شق'),
    ('فلل', 'فيلا'), ('فله', 'فيلا'), ('فيله', 'فيلا'), ('فيلات', 'فيلا'), ('فلات', 'فيلا'),
    ('محال', 'محل'), ('دكاكين', 'دكان'), ('مكاتب', 'مكتب'), ('اراضي', 'ارض'), ('اراض', 'ارض'),
    ('بيوت', 'بيت'), ('منازل', 'منزل'), ('مزارع', 'مزرع'), ('شاليه', 'شالي'), ('شاليهات', 'شالي'),
    ('ابنيه', 'بناي'), ('مخازن', 'مخزن'), ('طوابق', 'طابق'), ('مسابح', 'مسبح'), ('حدائق', 'حديق'),
    ('غرفتين', 'غرف'), ('غرفتان', 'غرف'),
    ('flat', 'apartment'), ('flats', 'apartment'), ('store', 'shop'), ('stores', 'shop'), ('plot', 'land'),
    ('plots', 'land'), ('house', 'home'), ('houses', 'home'), ('properties', 'property')
  ) AS t(word, stem) ON t.word = b.w
$$;
--> statement-breakpoint
-- 3. The document: its title's parts (offer type, estate type, place and governorate, as the cards write the title)
--    weighted A, the descriptions B, so a search can rank the listings whose title has the words first.
CREATE OR REPLACE FUNCTION "estates_search_document"(e "estates") RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', search_words(concat_ws(' ',
      (SELECT o.name_ar || ' ' || o.name_en FROM estate_offer_types o WHERE o.id = e.estate_offer_type_id),
      CASE WHEN e.estate_offer_type_id = 1 THEN 'للبيع sale' ELSE 'للإيجار rent' END,
      (SELECT t.name_ar || ' ' || t.name_en FROM estate_types t WHERE t.id = e.estate_type_id),
      (SELECT l.name_ar || ' ' || l.name_en || ' ' || g.name_ar || ' ' || g.name_en
         FROM locations l JOIN governorates g ON g.id = l.governorate_id WHERE l.id = e.location_id)))), 'A')
    || setweight(to_tsvector('simple', search_words(concat_ws(' ', e.description_ar, e.description_en))), 'B')
$$;
--> statement-breakpoint
UPDATE "estates" SET "search_tsv" = estates_search_document("estates");
