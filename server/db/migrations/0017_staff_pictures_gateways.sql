-- Issues 32 and 33: a staff member's picture upload (catalog, slides, banners) served as a shop's media; the provider's id of a
-- payment attempt, refunds through a gateway that wait and are retried, and a shop's own merchant account.
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_gateway_accounts" (
	"shop_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"merchant_id" text NOT NULL,
	"secret_key" text,
	"webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_gateway_accounts_shop_id_gateway_pk" PRIMARY KEY("shop_id","gateway")
);
--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "upload_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_ref" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_gateway_accounts" ADD CONSTRAINT "shop_gateway_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending" ON "payment_refunds" USING btree ("shop_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref" ON "payments" USING btree ("gateway","gateway_ref") WHERE gateway_ref is not null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_one_owner" CHECK (("uploads"."user_id" is null) <> ("uploads"."staff_id" is null));