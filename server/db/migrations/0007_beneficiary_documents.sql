CREATE TABLE "beneficiary_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"tag_id" integer,
	"doc_date" date,
	"filename" text NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);--> statement-breakpoint
ALTER TABLE "beneficiary_documents" ADD CONSTRAINT "beneficiary_documents_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_documents" ADD CONSTRAINT "beneficiary_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiary_documents_beneficiary_idx" ON "beneficiary_documents" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "beneficiary_documents_filename_idx" ON "beneficiary_documents" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "beneficiary_documents_updated_idx" ON "beneficiary_documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "beneficiary_documents_deleted_idx" ON "beneficiary_documents" USING btree ("deleted_at");
