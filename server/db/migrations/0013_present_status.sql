CREATE TABLE "child_present_status" (
	"childreg_id" integer PRIMARY KEY NOT NULL,
	"history_status" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "children_center_idx";--> statement-breakpoint
CREATE INDEX "child_present_status_idx" ON "child_present_status" USING btree ("history_status","childreg_id");--> statement-breakpoint
CREATE INDEX "child_history_newest_idx" ON "child_history" USING btree ("childreg_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "child_history"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "children_center_idx" ON "children" USING btree ("centerdetail_id","id");--> statement-breakpoint
-- Present Status kept as entries change (spec part 1 section 3; the rule of
-- sync/contract/rules/last-status.ts): for every child a statement's entries belong to
-- (before and after), the status of its newest live entry by (created_at, id), or no row.
-- The child rows are locked first (FOR NO KEY UPDATE, which an entry's foreign-key check
-- does not wait for), so two transactions writing entries of one child refresh it one
-- after the other, the second seeing the first's entry.
CREATE OR REPLACE FUNCTION present_status_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One index probe per child (unnest ... LATERAL, child_history_newest_idx): linear in the
  -- children written. EXECUTE plans each time with the ids at hand, as a bulk insert needs.
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM unnest($1) AS i(id) JOIN children c ON c.id = i.id
    ORDER BY c.id FOR NO KEY UPDATE OF c) locked' USING ids;
  EXECUTE 'INSERT INTO child_present_status AS p (childreg_id, history_status)
    SELECT i.id, newest.history_status FROM unnest($1) AS i(id)
    CROSS JOIN LATERAL (
      SELECT h.history_status FROM child_history h
      WHERE h.childreg_id = i.id AND h.deleted_at IS NULL
      ORDER BY h.created_at DESC, h.id DESC LIMIT 1
    ) newest
    ON CONFLICT (childreg_id) DO UPDATE SET history_status = excluded.history_status
    WHERE p.history_status IS DISTINCT FROM excluded.history_status' USING ids;
  EXECUTE 'DELETE FROM child_present_status p USING unnest($1) AS i(id)
    WHERE p.childreg_id = i.id
      AND NOT EXISTS (SELECT 1 FROM child_history h WHERE h.childreg_id = i.id AND h.deleted_at IS NULL)' USING ids;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION present_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM present_status_refresh(ARRAY(SELECT DISTINCT childreg_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM present_status_refresh(ARRAY(
      SELECT childreg_id FROM new_rows UNION SELECT childreg_id FROM old_rows));
  ELSE
    PERFORM present_status_refresh(ARRAY(SELECT DISTINCT childreg_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER present_status_inserted AFTER INSERT ON child_history
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION present_status_changed();
--> statement-breakpoint
CREATE TRIGGER present_status_updated AFTER UPDATE ON child_history
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION present_status_changed();
--> statement-breakpoint
CREATE TRIGGER present_status_deleted AFTER DELETE ON child_history
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION present_status_changed();
--> statement-breakpoint
INSERT INTO child_present_status (childreg_id, history_status)
SELECT DISTINCT ON (h.childreg_id) h.childreg_id, h.history_status FROM child_history h
WHERE h.deleted_at IS NULL
ORDER BY h.childreg_id, h.created_at DESC, h.id DESC;
