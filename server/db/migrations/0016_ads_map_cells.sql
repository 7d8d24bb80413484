CREATE TABLE "ad_listing_versions" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_map_cells" (
	"shop_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"cell_lat" integer NOT NULL,
	"cell_lng" integer NOT NULL,
	"request" text NOT NULL,
	"type" text NOT NULL,
	"ads" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	CONSTRAINT "ad_map_cells_shop_id_level_cell_lat_cell_lng_request_type_pk" PRIMARY KEY("shop_id","level","cell_lat","cell_lng","request","type")
);
--> statement-breakpoint
ALTER TABLE "ad_listing_versions" ADD CONSTRAINT "ad_listing_versions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_map_cells" ADD CONSTRAINT "ad_map_cells_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below (drizzle has no triggers). Issue 31's bench: the list's totals and counts are kept per
-- version of a shop's published ads (server/repositories/ad-totals.ts), and the map's clusters are read from a grid
-- counted ahead (ad_map_cells) instead of grouping every published ad of a shop per request. The trigger keeps
-- both in the transaction of any write to ads (the app's, the seed's, a test's, psql's). The grid's levels are
-- 0.005 × 2^level degrees, level 0 to 7: contract/rules/ads.ts MAP_CELL_DEGREES and MAP_CELL_LEVELS.
CREATE TYPE "ad_listing_delta" AS ("shop_id" integer, "request" text, "type" text, "lat" double precision, "lng" double precision, "n" integer);
--> statement-breakpoint
CREATE FUNCTION "ad_listing_apply"(deltas "ad_listing_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(deltas, 1), 0) = 0 THEN
    RETURN;
  END IF;
  -- The shop's version first: concurrent changes of one shop queue here, before any cell (no deadlock between cells).
  INSERT INTO ad_listing_versions AS v (shop_id, version)
    SELECT DISTINCT d.shop_id, 1 FROM unnest(deltas) AS d ORDER BY 1
    ON CONFLICT (shop_id) DO UPDATE SET version = v.version + 1;
  INSERT INTO ad_map_cells AS c (shop_id, level, cell_lat, cell_lng, request, type, ads, lat_sum, lng_sum)
    SELECT d.shop_id, l.level, floor(d.lat / l.size)::integer, floor(d.lng / l.size)::integer, d.request, d.type,
           sum(d.n), sum(d.n * d.lat), sum(d.n * d.lng)
    FROM unnest(deltas) AS d
    CROSS JOIN (SELECT level::smallint AS level, 0.005::double precision * power(2::double precision, level) AS size FROM generate_series(0, 7) AS level) AS l
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.n) <> 0 OR sum(d.n * d.lat) <> 0 OR sum(d.n * d.lng) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (shop_id, level, cell_lat, cell_lng, request, type)
    DO UPDATE SET ads = c.ads + excluded.ads, lat_sum = c.lat_sum + excluded.lat_sum, lng_sum = c.lng_sum + excluded.lng_sum;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ads_listing_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(SELECT ROW(shop_id, request, type, shown_lat, shown_lng, 1)::ad_listing_delta FROM ads_new WHERE status = 'approved'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ads_listing_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(
    SELECT ROW(shop_id, request, type, shown_lat, shown_lng, 1)::ad_listing_delta FROM ads_new WHERE status = 'approved'
    UNION ALL
    SELECT ROW(shop_id, request, type, shown_lat, shown_lng, -1)::ad_listing_delta FROM ads_old WHERE status = 'approved'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ads_listing_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(SELECT ROW(shop_id, request, type, shown_lat, shown_lng, -1)::ad_listing_delta FROM ads_old WHERE status = 'approved'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ads_listing_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS ads_new FOR EACH STATEMENT EXECUTE FUNCTION ads_listing_inserted();
--> statement-breakpoint
CREATE TRIGGER "ads_listing_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS ads_old NEW TABLE AS ads_new FOR EACH STATEMENT EXECUTE FUNCTION ads_listing_updated();
--> statement-breakpoint
CREATE TRIGGER "ads_listing_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS ads_old FOR EACH STATEMENT EXECUTE FUNCTION ads_listing_deleted();
--> statement-breakpoint
SELECT ad_listing_apply(ARRAY(SELECT ROW(shop_id, request, type, shown_lat, shown_lng, 1)::ad_listing_delta FROM ads WHERE status = 'approved'));
