DROP INDEX "orders_shop_status_placed";--> statement-breakpoint
CREATE INDEX "orders_shop_placed" ON "orders" USING btree ("shop_id","placed_at") WHERE "orders"."placed_at" is not null;