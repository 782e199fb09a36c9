CREATE TABLE "schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "schemes_updated_idx" ON "schemes" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "schemes_deleted_idx" ON "schemes" USING btree ("deleted_at");--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text,
	"age" text,
	"center_id" integer NOT NULL,
	"service" text NOT NULL,
	"service_date" date NOT NULL,
	"comment" text,
	"document" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_service_idx" ON "beneficiaries" USING btree ("service","center_id","service_date");--> statement-breakpoint
CREATE INDEX "beneficiaries_updated_idx" ON "beneficiaries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "beneficiaries_deleted_idx" ON "beneficiaries" USING btree ("deleted_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_updated_idx" ON "notifications" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "child_history_exit_list_idx" ON "child_history" USING btree ("history_status","transfer_date");
