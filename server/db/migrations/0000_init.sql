CREATE TABLE "item_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"step" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"min_count" integer DEFAULT 0 NOT NULL,
	"max_count" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"folder_id" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"picture_media_id" integer,
	"file_type" text DEFAULT 'image' NOT NULL,
	"multipictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bg_color" text,
	"unit" text DEFAULT 'number' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{"features":[],"colors":[],"sizes":[]}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_user_id" integer,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"picture_media_id" integer NOT NULL,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"picture_media_id" integer NOT NULL,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_count" integer NOT NULL,
	"price" bigint NOT NULL,
	"feature" text,
	"color" text,
	"size" jsonb,
	"comment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"amount_wallet_gift" bigint DEFAULT 0 NOT NULL,
	"delivery_method" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"logo_media_id" integer,
	"root_id" integer,
	"master_id" integer,
	"interface_id" smallint NOT NULL,
	"master_flag" smallint DEFAULT 0 NOT NULL,
	"branch_list_type" smallint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'IRT' NOT NULL,
	"pass" text NOT NULL,
	"data" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"delivery_methods" jsonb NOT NULL,
	"shift_open" boolean DEFAULT true NOT NULL,
	"opens_at" text,
	"closes_at" text,
	"access_request" smallint DEFAULT 0 NOT NULL,
	"force_login" smallint DEFAULT 0 NOT NULL,
	"digital_menu_en" smallint DEFAULT 0 NOT NULL,
	"agreement_page" smallint DEFAULT 0 NOT NULL,
	"state_of_development" smallint DEFAULT 0 NOT NULL,
	"splash_mobile_media_id" integer,
	"splash_desktop_media_id" integer,
	"address_page_type" smallint DEFAULT 1 NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"radius_service" double precision DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"gender" smallint,
	"b_year" smallint,
	"b_month" smallint,
	"b_day" smallint,
	"m_year" smallint,
	"m_month" smallint,
	"m_day" smallint,
	"favorites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_flag" smallint DEFAULT 0 NOT NULL,
	"account_type" text DEFAULT 'normal' NOT NULL,
	"data" jsonb DEFAULT '{"ty_city":null,"ty_town":null,"ty_user_type":null}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_root_mobile" UNIQUE("root_id","mobile")
);
--> statement-breakpoint
ALTER TABLE "item_options" ADD CONSTRAINT "item_options_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_options" ADD CONSTRAINT "item_options_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_root_id_shops_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_root_id_shops_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_options_shop_item" ON "item_options" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE INDEX "items_shop_type" ON "items" USING btree ("shop_id","type");--> statement-breakpoint
CREATE INDEX "items_shop_folder" ON "items" USING btree ("shop_id","folder_id");--> statement-breakpoint
CREATE INDEX "conversations_shop_user" ON "conversations" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "messages_shop_conversation" ON "messages" USING btree ("shop_id","conversation_id");--> statement-breakpoint
CREATE INDEX "banners_shop" ON "banners" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "media_shop" ON "media" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "slides_shop" ON "slides" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "order_items_shop_order" ON "order_items" USING btree ("shop_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_shop_user_status" ON "orders" USING btree ("shop_id","user_id","status");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");