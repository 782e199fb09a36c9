CREATE TABLE "report_daily" (
	"center_id" integer NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"gender" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_daily_center_id_day_category_gender_pk" PRIMARY KEY("center_id","day","category","gender")
);
--> statement-breakpoint
CREATE TABLE "report_status_category" (
	"status" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_daily_day_idx" ON "report_daily" USING btree ("day");--> statement-breakpoint
-- The part in the report counts (sync/contract/rules/report.ts) of the entries and children
-- `p_from` joins as h and c, added (p_sign 1) or taken away (-1): an entry counts when it and
-- its child are live, its status has a category, the child's gender is male or female, and it
-- has an activity day and a center. The trigger functions below run it over their transition
-- tables (old_rows, new_rows), once per statement. Their joins are LATERAL ... OFFSET 0 so that
-- each written row looks its partner up by index whatever the planner's statistics say
-- (PGlite has no autovacuum to keep them; a stale "children has 1 row" made a nested loop that
-- scanned every written row once per child).
CREATE FUNCTION report_delta_sql(p_from text, p_sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO report_daily AS r (center_id, day, category, gender, n)
    SELECT coalesce(h.center_id, c.centerdetail_id), coalesce(h.transfer_date, h.history_date), m.category,
      CASE lower(trim(c.gender)) WHEN 'male' THEN 'Male' ELSE 'Female' END, %s * count(*)
    FROM %s
    JOIN report_status_category m ON m.status = h.history_status
    WHERE h.deleted_at IS NULL AND c.deleted_at IS NULL AND lower(trim(c.gender)) IN ('male', 'female')
      AND coalesce(h.transfer_date, h.history_date) IS NOT NULL AND coalesce(h.center_id, c.centerdetail_id) IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (center_id, day, category, gender) DO UPDATE SET n = r.n + excluded.n
  $q$, p_sign, p_from)
$$;
--> statement-breakpoint
-- Written entries (old_rows or new_rows), each with its child.
CREATE FUNCTION report_entries_from(p_entries text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%s h CROSS JOIN LATERAL (SELECT * FROM children WHERE id = h.childreg_id OFFSET 0) c', p_entries)
$$;
--> statement-breakpoint
CREATE FUNCTION report_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE report_delta_sql(report_entries_from('old_rows'), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE report_delta_sql(report_entries_from('new_rows'), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_history_inserted AFTER INSERT ON child_history
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_history_changed();
--> statement-breakpoint
CREATE TRIGGER report_history_updated AFTER UPDATE ON child_history
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_history_changed();
--> statement-breakpoint
CREATE TRIGGER report_history_deleted AFTER DELETE ON child_history
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_history_changed();
--> statement-breakpoint
-- A child's gender, center or deletion moves every live entry of theirs between counts.
CREATE FUNCTION report_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.gender, o.centerdetail_id, o.deleted_at IS NULL) '
    'IS DISTINCT FROM (n.gender, n.centerdetail_id, n.deleted_at IS NULL)';
  entries text := ' c CROSS JOIN LATERAL (SELECT * FROM child_history WHERE childreg_id = c.id OFFSET 0) h';
BEGIN
  EXECUTE report_delta_sql('(SELECT o.* ' || changed || ')' || entries, -1);
  EXECUTE report_delta_sql('(SELECT n.* ' || changed || ')' || entries, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_children_changed AFTER UPDATE ON children
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_children_changed();
