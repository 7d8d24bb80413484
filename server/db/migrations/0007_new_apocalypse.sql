DROP INDEX "orders_shop_guest";--> statement-breakpoint
CREATE INDEX "orders_shop_guest" ON "orders" USING btree ("shop_id","guest_id") WHERE "orders"."guest_id" is not null;