CREATE TABLE "absence_session_notices" (
	"absence_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_session_notices_absence_id_meeting_id_pk" PRIMARY KEY("absence_id","meeting_id")
);
--> statement-breakpoint
ALTER TABLE "absence_session_notices" ADD CONSTRAINT "absence_session_notices_absence_id_advisor_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."advisor_absences"("id") ON DELETE cascade ON UPDATE no action;