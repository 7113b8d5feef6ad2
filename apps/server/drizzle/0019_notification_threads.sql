CREATE TABLE "notification_threads" (
	"recipient_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"latest_id" uuid NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	"updates" integer NOT NULL,
	"unread" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	CONSTRAINT "notification_threads_recipient_id_record_type_record_id_pk" PRIMARY KEY("recipient_id","record_type","record_id")
);
--> statement-breakpoint
DROP INDEX "notifications_recipient_created_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notification_threads" ADD CONSTRAINT "notification_threads_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_threads" ADD CONSTRAINT "notification_threads_latest_id_notifications_id_fk" FOREIGN KEY ("latest_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_threads_inbox_idx" ON "notification_threads" USING btree ("recipient_id","latest_at","latest_id");--> statement-breakpoint
CREATE INDEX "notification_threads_unread_idx" ON "notification_threads" USING btree ("recipient_id","latest_at","latest_id") WHERE "notification_threads"."unread" > 0 and "notification_threads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","record_type","record_id") WHERE "notifications"."in_app" and "notifications"."read_at" is null;--> statement-breakpoint
-- Each recipient's in-app notifications about a record become its thread: the newest one, how many, how many unread.
INSERT INTO "notification_threads" ("recipient_id", "record_type", "record_id", "latest_id", "latest_at", "updates", "unread", "archived_at", "snoozed_until")
SELECT DISTINCT ON ("recipient_id", "record_type", "record_id") "recipient_id", "record_type", "record_id", "id", "created_at",
  count(*) OVER "thread", count(*) FILTER (WHERE "read_at" IS NULL) OVER "thread",
  CASE WHEN bool_and("archived_at" IS NOT NULL) OVER "thread" THEN max("archived_at") OVER "thread" END,
  max("snoozed_until") OVER "thread"
FROM "notifications" WHERE "in_app"
WINDOW "thread" AS (PARTITION BY "recipient_id", "record_type", "record_id")
ORDER BY "recipient_id", "record_type", "record_id", "created_at" DESC, "id" DESC;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "archived_at";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "snoozed_until";