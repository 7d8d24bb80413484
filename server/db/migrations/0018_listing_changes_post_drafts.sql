CREATE TABLE "ad_listing_changes" (
	"shop_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"ad_id" integer NOT NULL,
	CONSTRAINT "ad_listing_changes_shop_id_version_ad_id_pk" PRIMARY KEY("shop_id","version","ad_id")
);
--> statement-breakpoint
ALTER TABLE "magazine_posts" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_listing_changes" ADD CONSTRAINT "ad_listing_changes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below (drizzle has no triggers). Issue 31: an instance keeps a shop's listed ads in memory and
-- catches up on a new version by reading only the ads it changed. The delta carries the ad's id, and
-- ad_listing_apply writes (shop, version, ad) after growing the version: the version's row lock is held to commit,
-- so versions are numbered in commit order. Only the last 10,000 versions of a shop are kept
-- (contract/rules/ads.ts LISTING_CHANGES_KEPT); an instance further behind reads the list whole.
ALTER TYPE "ad_listing_delta" ADD ATTRIBUTE "id" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ad_listing_apply"(deltas "ad_listing_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(deltas, 1), 0) = 0 THEN
    RETURN;
  END IF;
  -- The shop's version first: concurrent changes of one shop queue here, before any cell (no deadlock between cells).
  INSERT INTO ad_listing_versions AS v (shop_id, version)
    SELECT DISTINCT d.shop_id, 1 FROM unnest(deltas) AS d ORDER BY 1
    ON CONFLICT (shop_id) DO UPDATE SET version = v.version + 1;
  INSERT INTO ad_listing_changes (shop_id, version, ad_id)
    SELECT DISTINCT d.shop_id, v.version, d.id FROM unnest(deltas) AS d JOIN ad_listing_versions AS v ON v.shop_id = d.shop_id
    WHERE d.id IS NOT NULL
    ON CONFLICT DO NOTHING;
  DELETE FROM ad_listing_changes AS c USING ad_listing_versions AS v
    WHERE v.shop_id IN (SELECT DISTINCT d.shop_id FROM unnest(deltas) AS d)
      AND c.shop_id = v.shop_id AND c.version <= v.version - 10000;
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
CREATE OR REPLACE FUNCTION "ads_listing_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(SELECT ROW(shop_id, request, type, shown_lat, shown_lng, 1, id)::ad_listing_delta FROM ads_new WHERE status = 'approved'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ads_listing_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(
    SELECT ROW(shop_id, request, type, shown_lat, shown_lng, 1, id)::ad_listing_delta FROM ads_new WHERE status = 'approved'
    UNION ALL
    SELECT ROW(shop_id, request, type, shown_lat, shown_lng, -1, id)::ad_listing_delta FROM ads_old WHERE status = 'approved'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ads_listing_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ad_listing_apply(ARRAY(SELECT ROW(shop_id, request, type, shown_lat, shown_lng, -1, id)::ad_listing_delta FROM ads_old WHERE status = 'approved'));
  RETURN NULL;
END
$$;
