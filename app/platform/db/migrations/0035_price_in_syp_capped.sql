-- A dollar price's SYP price capped at the largest bigint (docs/decisions/082-secrets-in-addresses-prices-backups.md),
-- as price_per_month (migration 0022) caps a rent's. The forms now take at most 10^9 dollars, which times the largest
-- rate (10^7) stays far below it; a price stored before them (up to 10^15 dollars) times a rate above about 9,200
-- passed 9.2 × 10^18, and the trigger of its approval, or refresh_converted_prices() of a new rate, failed (a 500).
-- Computed in numeric, so no product overflows on the way.
CREATE OR REPLACE FUNCTION "price_in_syp"(price bigint, currency text, rate bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN currency = 'USD' THEN least(price::numeric * rate, 9223372036854775807)::bigint ELSE price END
$$;
