CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"child_ids" integer[] NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text,
	"at" timestamp (3) with time zone NOT NULL,
	"offline" boolean NOT NULL,
	"app_version" text,
	"subject" text,
	"received_at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "access_log_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_children_idx" ON "access_log" USING gin ("child_ids");--> statement-breakpoint
-- Append-only (DESIGN.md, Access log): no UPDATE, DELETE or TRUNCATE of the access log,
-- whoever asks, but the retention job, which sets ashray.access_log_retention to 'on' for
-- its own transaction (SET LOCAL) and re-anchors the chain it changes.
CREATE OR REPLACE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ashray.access_log_retention', true), '') = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    IF TG_OP = 'UPDATE' THEN RETURN NEW; END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "access_log_append_only_rows" BEFORE UPDATE OR DELETE ON "access_log"
  FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
--> statement-breakpoint
CREATE TRIGGER "access_log_append_only_truncate" BEFORE TRUNCATE ON "access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
