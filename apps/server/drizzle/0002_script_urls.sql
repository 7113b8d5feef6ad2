-- Web addresses are http(s) only and pictures only this app's own file URLs (issue 8):
-- clear any value stored before the rule, so no page can render a script URL.
UPDATE "users" SET "website" = NULL WHERE "website" IS NOT NULL AND "website" !~* '^https?://';
--> statement-breakpoint
UPDATE "users" SET "profile_image" = NULL WHERE "profile_image" IS NOT NULL AND "profile_image" !~ '^/api/files/[a-f0-9-]{36}(\.[a-z0-9]{1,10})?$';
--> statement-breakpoint
UPDATE "organizations" SET "website" = NULL WHERE "website" IS NOT NULL AND "website" !~* '^https?://';
--> statement-breakpoint
UPDATE "organizations" SET "logo" = NULL WHERE "logo" IS NOT NULL AND "logo" !~ '^/api/files/[a-f0-9-]{36}(\.[a-z0-9]{1,10})?$';
