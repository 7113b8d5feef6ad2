-- Issue 24, invitations and reminders: a session remembers when its time was last set (time_set_at: a
-- reminder is owed only if its moment came after), session_reminders keys each reminder given (session, kind,
-- start) so it happens once and a reschedule owes new ones, and calendar_feeds keeps one feed token per person
-- (its SHA-256 to find it, the token sealed to show it again).
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_pk" PRIMARY KEY("session_id","kind","start_at")
);
--> statement-breakpoint
ALTER TABLE "advisor_sessions" ADD COLUMN "time_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_advisor_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."advisor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_sessions_scheduled_start_idx" ON "advisor_sessions" USING btree ("start_at") WHERE "advisor_sessions"."status" = 'scheduled';