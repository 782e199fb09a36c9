CREATE TABLE "activity_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"childreg_id" integer NOT NULL,
	"center_id" integer,
	"activity" text NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "child_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"childreg_id" integer,
	"history_id" integer,
	"cwc_produce_id" integer,
	"cwc_refer_id" integer,
	"tag_id" integer,
	"doc_date" date,
	"filename" text,
	"profile_audio_name" text,
	"comment" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cwc_produce" (
	"id" serial PRIMARY KEY NOT NULL,
	"childreg_id" integer,
	"center_id" integer NOT NULL,
	"transfer_date" date NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cwc_refer" (
	"id" serial PRIMARY KEY NOT NULL,
	"childreg_id" integer,
	"center_id" integer NOT NULL,
	"cwccaseno" text,
	"transfer_date" date NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_childreg_id_children_id_fk" FOREIGN KEY ("childreg_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_childreg_id_children_id_fk" FOREIGN KEY ("childreg_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_history_id_child_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."child_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_cwc_produce_id_cwc_produce_id_fk" FOREIGN KEY ("cwc_produce_id") REFERENCES "public"."cwc_produce"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_cwc_refer_id_cwc_refer_id_fk" FOREIGN KEY ("cwc_refer_id") REFERENCES "public"."cwc_refer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_produce" ADD CONSTRAINT "cwc_produce_childreg_id_children_id_fk" FOREIGN KEY ("childreg_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_produce" ADD CONSTRAINT "cwc_produce_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_produce" ADD CONSTRAINT "cwc_produce_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_refer" ADD CONSTRAINT "cwc_refer_childreg_id_children_id_fk" FOREIGN KEY ("childreg_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_refer" ADD CONSTRAINT "cwc_refer_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cwc_refer" ADD CONSTRAINT "cwc_refer_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_child_idx" ON "activity_logs" USING btree ("childreg_id");--> statement-breakpoint
CREATE INDEX "activity_logs_updated_idx" ON "activity_logs" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "activity_logs_deleted_idx" ON "activity_logs" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "child_documents_child_idx" ON "child_documents" USING btree ("childreg_id");--> statement-breakpoint
CREATE INDEX "child_documents_history_idx" ON "child_documents" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "child_documents_produce_idx" ON "child_documents" USING btree ("cwc_produce_id");--> statement-breakpoint
CREATE INDEX "child_documents_refer_idx" ON "child_documents" USING btree ("cwc_refer_id");--> statement-breakpoint
CREATE INDEX "child_documents_updated_idx" ON "child_documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "child_documents_deleted_idx" ON "child_documents" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "cwc_produce_center_idx" ON "cwc_produce" USING btree ("center_id","transfer_date");--> statement-breakpoint
CREATE INDEX "cwc_produce_updated_idx" ON "cwc_produce" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "cwc_produce_deleted_idx" ON "cwc_produce" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "cwc_refer_center_idx" ON "cwc_refer" USING btree ("center_id","transfer_date");--> statement-breakpoint
CREATE INDEX "cwc_refer_updated_idx" ON "cwc_refer" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "cwc_refer_deleted_idx" ON "cwc_refer" USING btree ("deleted_at");