CREATE TABLE "wallet_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"amount" bigint NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"ref_id" text,
	"redirect_url" text,
	"gateway_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wallet_charges_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "consultant_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"user_id" integer,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_codes_root_code" UNIQUE("root_id","code")
);
--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_root_id_shops_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_codes" ADD CONSTRAINT "consultant_codes_root_id_shops_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_codes" ADD CONSTRAINT "consultant_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_codes" ADD CONSTRAINT "consultant_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_charges_user" ON "wallet_charges" USING btree ("root_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "consultant_codes_user" ON "consultant_codes" USING btree ("root_id","user_id");