CREATE TABLE "ad_bookmarks" (
	"user_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_bookmarks_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "ad_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"staff_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_pictures" (
	"ad_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "ad_pictures_ad_id_position_pk" PRIMARY KEY("ad_id","position")
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_reports_ad_user" UNIQUE("ad_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ad_saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filters" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"code" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"request" text NOT NULL,
	"type" text NOT NULL,
	"business_class" text,
	"title" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"neighborhood" text NOT NULL,
	"meterage" integer NOT NULL,
	"rooms" smallint,
	"build_year" smallint,
	"total_price" bigint,
	"deposit" bigint,
	"monthly_rent" bigint,
	"partnership_for" text,
	"comment" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"shown_lat" double precision NOT NULL,
	"shown_lng" double precision NOT NULL,
	"publisher_kind" text DEFAULT 'person' NOT NULL,
	"consultant_code" text,
	"reason" text,
	"reports" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_shop_code" UNIQUE("shop_id","code")
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "ad_expiry_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_bookmarks" ADD CONSTRAINT "ad_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_bookmarks" ADD CONSTRAINT "ad_bookmarks_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_pictures" ADD CONSTRAINT "ad_pictures_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_pictures" ADD CONSTRAINT "ad_pictures_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_saved_searches" ADD CONSTRAINT "ad_saved_searches_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_saved_searches" ADD CONSTRAINT "ad_saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_bookmarks_ad" ON "ad_bookmarks" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_events_ad" ON "ad_events" USING btree ("ad_id","id");--> statement-breakpoint
CREATE INDEX "ad_pictures_upload" ON "ad_pictures" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "ad_reports_user" ON "ad_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_saved_searches_shop" ON "ad_saved_searches" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "ads_listed" ON "ads" USING btree ("shop_id","request","type","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_listed_newest" ON "ads" USING btree ("shop_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_listed_place" ON "ads" USING btree ("shop_id","shown_lat","shown_lng") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_publisher" ON "ads" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_queue" ON "ads" USING btree ("shop_id","status","status_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ads_publisher_title_place" ON "ads" USING btree ("shop_id","user_id","title","city","neighborhood") WHERE status <> 'deleted';