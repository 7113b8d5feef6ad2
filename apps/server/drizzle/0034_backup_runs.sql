CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"verification" text,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running" ON "backup_runs" USING btree ("status") WHERE "backup_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");