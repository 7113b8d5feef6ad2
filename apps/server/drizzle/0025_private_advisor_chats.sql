ALTER TYPE "public"."conversation_type" ADD VALUE 'direct';--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_private_chat_unique" ON "conversations" USING btree ("organization_id","advisor_id","member_id") WHERE "conversations"."member_id" is not null;