-- Decision 066 (docs/decisions/066-search-words-in-one-expression.md): search_words gives the same words as migration
-- 0021's definition, about four times cheaper for a document, so neither the documents nor their index change and
-- nothing is rebuilt here.
-- 0021 cut the text with ts_parse and stemmed word by word in a join; as a statement it could not be inlined, so
-- every call from estates_search_document (two a listing, through the trigger and the seed) was planned again:
-- 1.3 ms a listing, 20 minutes for 1,000,000. Here it is one expression over the whole text, which PostgreSQL
-- inlines into its caller: the text normalised, punctuation and spaces made one space, then (each word between
-- spaces, so a pattern sees a whole word)
--   1. the article (ال، وال، بال، فال، كال، لل) when two letters or more remain, or a leading و when four remain;
--   2. the words of the table (broken plurals, duals; English synonyms in any case), each word between two spaces of
--      its own so a plain replace matches whole words only;
--   3. an English plural s (a word of letters in any case, or of lower-case letters and one other character, as
--      0021 lowered only words of letters); Arabic ات، ون or ين when three letters remain (the word is marked with
--      U+0001 so that
--   4. the ه of a taa marbuta, two letters left, is not cut again from a word that just lost its ending);
--   5. ASCII letters lowered.
-- app/features/search/search-words.server.ts (searchStem) repeats it word by word; tests/search-words.test.ts compares the two,
-- and this definition with 0021's. One difference from 0021, invisible in the documents: every ASCII letter is
-- lowered, not only those of words of letters (the 'simple' dictionary lowered the rest anyway).
CREATE OR REPLACE FUNCTION "search_words"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(btrim(replace(replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(regexp_replace(' ' || regexp_replace(search_normalize(input),
        '[\x01-\x20!-/:-@\[-`{-~\u00A0-\u00BF\u060C\u061B\u061F\u066A-\u066D\u06D4\u2000-\u206F]+', ' ', 'g')
        || ' ',
      ' (?:(?:وال|بال|فال|كال|ال|لل)(?=[ء-ي]{2,} )|و(?=[ء-ي]{4,} ))', ' ', 'g'), ' ', '  '),
      ' شقق ', ' شق '),
      ' شقتين ', ' شق '),
      ' شقتان ', ' شق '),
      ' فلل ', ' فيلا '),
      ' فله ', ' فيلا '),
      ' فيله ', ' فيلا '),
      ' فيلات ', ' فيلا '),
      ' فلات ', ' فيلا '),
      ' محال ', ' محل '),
      ' دكاكين ', ' دكان '),
      ' مكاتب ', ' مكتب '),
      ' اراضي ', ' ارض '),
      ' اراض ', ' ارض '),
      ' بيوت ', ' بيت '),
      ' منازل ', ' منزل '),
      ' مزارع ', ' مزرع '),
      ' شاليه ', ' شالي '),
      ' شاليهات ', ' شالي '),
      ' ابنيه ', ' بناي '),
      ' مخازن ', ' مخزن '),
      ' طوابق ', ' طابق '),
      ' مسابح ', ' مسبح '),
      ' حدائق ', ' حديق '),
      ' غرفتين ', ' غرف '),
      ' غرفتان ', ' غرف '),
      ' flats? ', ' apartment ', 'gi'),
      ' stores? ', ' shop ', 'gi'),
      ' plots? ', ' land ', 'gi'),
      ' houses? ', ' home ', 'gi'),
      ' properties ', ' property ', 'gi'),
    '( [A-Za-z]{3,}[A-RT-Za-rt-z])[sS](?= )', '\1', 'g'),
    '( [a-z]{3,}[^sS ])s(?= )', '\1', 'g'),
    '( [ء-ي]{3,})(?:ات|ون|ين)(?= )', '\1' || chr(1), 'g'),
    '( [ء-ي]{2,})ه(?= )', '\1', 'g'), chr(1), ''), '  ', ' ')), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;
