ALTER TABLE "idempotency_keys" ADD COLUMN "body_hash" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "child_serials" (
	"center_id" integer PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "child_serials" ADD CONSTRAINT "child_serials_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;
