-- One property, one card (decisions 099 and 102): a group's cheapest listing keeps the number of the other public
-- offers it stands for, which regroupDuplicates writes with duplicate_of. A results page read it with a statement of
-- its own (a count of estates_duplicate_of_idx for the page's cards) beside the photos'; the card's row has it now. A
-- constant default adds the column without rewriting the table.
ALTER TABLE "estates" ADD COLUMN "other_offers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "estates" AS "head" SET "other_offers" = "group"."n"
FROM (
  SELECT "member"."duplicate_of" AS "id", count(*)::int AS "n"
  FROM "estates" AS "member"
  WHERE "member"."duplicate_of" IS NOT NULL AND "member"."status" = 'approved'
    AND ("member"."user_id" IS NULL OR "member"."user_id" NOT IN (SELECT "id" FROM "users" WHERE "status" <> 'active'))
    AND ("member"."office_id" IS NULL OR "member"."office_id" IN (SELECT "id" FROM "offices" WHERE "is_active"))
  GROUP BY "member"."duplicate_of"
) AS "group"
WHERE "head"."id" = "group"."id";
