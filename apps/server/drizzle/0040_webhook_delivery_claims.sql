ALTER TABLE "webhook_deliveries" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_sending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","sending_since") WHERE "webhook_deliveries"."sending_since" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_owed_record_idx" ON "webhook_deliveries" USING btree ("endpoint_id","record_key") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "sending_since" = "webhook_attempts"."started_at" FROM "webhook_attempts" WHERE "webhook_attempts"."delivery_id" = "webhook_deliveries"."id" AND "webhook_attempts"."duration_ms" IS NULL AND "webhook_attempts"."error" IS NULL;
