-- A department's picture (an uploaded image, /api/files/{key}), shown on its card instead of the icon.
ALTER TABLE "departments" ADD COLUMN "image_url" text;