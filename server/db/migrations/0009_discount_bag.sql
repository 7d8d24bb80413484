ALTER TABLE "orders" ADD COLUMN "use_gift" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "kind" text DEFAULT 'wallet' NOT NULL;