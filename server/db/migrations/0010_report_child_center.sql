-- An entry counts for its child's current center (sync/SPEC.md, R20): the center the child
-- is at now, not the one the entry was recorded at, so a moved child's past entries move
-- with it (report_children_changed already moves them when centerdetail_id changes) and a
-- center's counts are what its own device counts over the children it holds.
CREATE OR REPLACE FUNCTION report_delta_sql(p_from text, p_sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO report_daily AS r (center_id, day, category, gender, n)
    SELECT c.centerdetail_id, coalesce(h.transfer_date, h.history_date), m.category,
      CASE lower(trim(c.gender)) WHEN 'male' THEN 'Male' ELSE 'Female' END, %s * count(*)
    FROM %s
    JOIN report_status_category m ON m.status = h.history_status
    WHERE h.deleted_at IS NULL AND c.deleted_at IS NULL AND lower(trim(c.gender)) IN ('male', 'female')
      AND coalesce(h.transfer_date, h.history_date) IS NOT NULL AND c.centerdetail_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (center_id, day, category, gender) DO UPDATE SET n = r.n + excluded.n
  $q$, p_sign, p_from)
$$;
--> statement-breakpoint
-- The kept counts again, from every entry, under the new rule.
DELETE FROM report_daily;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE report_delta_sql('child_history h JOIN children c ON c.id = h.childreg_id', 1);
END $$;
