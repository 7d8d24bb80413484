CREATE TABLE "staff_devices" (
	"id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_devices_id_staff_id_pk" PRIMARY KEY("id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "staff_wallet_day_limit" bigint DEFAULT 60000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "order_total_max" bigint DEFAULT 3000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_devices" ADD CONSTRAINT "staff_devices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_devices" ADD CONSTRAINT "staff_devices_root_id_shops_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_devices_staff" ON "staff_devices" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_staff" ON "wallet_transactions" USING btree ("root_id","staff_id","created_at");