CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"picture_media_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_visits" (
	"shop_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_visits_shop_id_item_id_pk" PRIMARY KEY("shop_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "magazine_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"category_id" smallint DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"summary" text NOT NULL,
	"summary_en" text NOT NULL,
	"body" text NOT NULL,
	"body_en" text NOT NULL,
	"picture_media_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_pictures" ADD CONSTRAINT "gallery_pictures_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_visits" ADD CONSTRAINT "item_visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_visits" ADD CONSTRAINT "item_visits_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_posts" ADD CONSTRAINT "magazine_posts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_shop" ON "contact_messages" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "gallery_pictures_shop" ON "gallery_pictures" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "magazine_posts_shop_created" ON "magazine_posts" USING btree ("shop_id","created_at");