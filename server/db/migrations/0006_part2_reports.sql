CREATE TABLE "previous_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"activity_date" date NOT NULL,
	"comment" text NOT NULL,
	"male" integer DEFAULT 0 NOT NULL,
	"female" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "previous_balances" ADD CONSTRAINT "previous_balances_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_balances" ADD CONSTRAINT "previous_balances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_balances_center_idx" ON "previous_balances" USING btree ("center_id","activity_date");--> statement-breakpoint
CREATE INDEX "previous_balances_updated_idx" ON "previous_balances" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "meals_date_idx" ON "meals" USING btree ("meal_date");
