-- Issue 31's list (filter_all_ads_ty, bench:ads): published ads of a shop by request, newest first, with the columns
-- its range filters read. A page walks it newest first and stops after offset + length matches, and the page's total
-- is an index-only count; ads_listed leads with (request, type), so a list by request alone could not be read in
-- published_at order and PostgreSQL scanned the whole table. (Written by hand: drizzle's index builder has no INCLUDE.)
CREATE INDEX IF NOT EXISTS "ads_listed_request" ON "ads" USING btree ("shop_id", "request", "published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("meterage", "rooms", "build_year", "total_price", "deposit", "monthly_rent", "city", "neighborhood", "type")
  WHERE status = 'approved';
