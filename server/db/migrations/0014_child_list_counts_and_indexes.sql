CREATE TABLE "child_list_counts" (
	"center_id" integer NOT NULL,
	"history_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "child_list_counts_center_id_history_status_pk" PRIMARY KEY("center_id","history_status")
);
--> statement-breakpoint
CREATE INDEX "children_center_gender_arrival_idx" ON "children" USING btree ("centerdetail_id","gender","dateofarrival") WHERE "children"."deleted_at" is null;
--> statement-breakpoint
-- Live children by center and Present Status ('' for none), the child list's total when it
-- is filtered by nothing but center and Present Status (spec part 1 section 3): kept by the
-- statement that writes a child or changes a Present Status (child_present_status, migration
-- 0013), in its transaction, as report_daily is kept.
--
-- `p_from` yields (center_id, history_status, n); the sums by key are applied in key order, so
-- two transactions writing the same keys take their locks in one order, and keys whose sum
-- is 0 are left alone (an edit of a child's name locks nothing).
CREATE FUNCTION child_counts_apply_sql(p_from text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO child_list_counts AS k (center_id, history_status, n)
    SELECT d.center_id, d.history_status, sum(d.n)::int FROM (%s) d
    GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (center_id, history_status) DO UPDATE SET n = k.n + excluded.n
  $q$, p_from)
$$;
--> statement-breakpoint
-- Children (`p_rows`, a transition table or a query over them), live ones counted `p_sign`
-- under their center and their Present Status as it is now (an index probe per child).
CREATE FUNCTION child_counts_children_sql(p_rows text, p_sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$SELECT c.centerdetail_id AS center_id,
      coalesce((SELECT p.history_status FROM child_present_status p WHERE p.childreg_id = c.id), '') AS history_status,
      %s AS n
    FROM %s c WHERE c.deleted_at IS NULL$q$, p_sign, p_rows)
$$;
--> statement-breakpoint
-- A child created, deleted (soft or not), restored or moved to another center. An update
-- leaves Present Status as it is, so only the children whose center or liveness changed move.
CREATE FUNCTION child_counts_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.centerdetail_id, o.deleted_at IS NULL) '
    'IS DISTINCT FROM (n.centerdetail_id, n.deleted_at IS NULL)';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE child_counts_apply_sql(child_counts_children_sql('new_rows', 1));
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE child_counts_apply_sql(
      child_counts_children_sql('(SELECT o.* ' || changed || ')', -1) || ' UNION ALL ' ||
      child_counts_children_sql('(SELECT n.* ' || changed || ')', 1));
  ELSE
    EXECUTE child_counts_apply_sql(child_counts_children_sql('old_rows', -1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER child_counts_inserted AFTER INSERT ON children
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_children_changed();
--> statement-breakpoint
CREATE TRIGGER child_counts_updated AFTER UPDATE ON children
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_children_changed();
--> statement-breakpoint
CREATE TRIGGER child_counts_deleted AFTER DELETE ON children
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_children_changed();
--> statement-breakpoint
-- Present Status rows (`p_rows`) of live children, counted `p_sign` under their child's center
-- and `p_status` (the row's status, or '' for none). present_status_refresh has locked those
-- children first, so their center cannot change until this transaction ends.
CREATE FUNCTION child_counts_status_sql(p_rows text, p_status text, p_sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$SELECT c.centerdetail_id AS center_id, %s AS history_status, %s AS n
    FROM %s s CROSS JOIN LATERAL (SELECT * FROM children WHERE id = s.childreg_id OFFSET 0) c
    WHERE c.deleted_at IS NULL$q$, p_status, p_sign, p_rows)
$$;
--> statement-breakpoint
-- A child's first Present Status (from none), a changed one, or its last entry gone (to none).
CREATE FUNCTION child_counts_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE child_counts_apply_sql(child_counts_status_sql('new_rows', quote_literal(''), -1) || ' UNION ALL ' ||
      child_counts_status_sql('new_rows', 's.history_status', 1));
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE child_counts_apply_sql(child_counts_status_sql('old_rows', 's.history_status', -1) || ' UNION ALL ' ||
      child_counts_status_sql('new_rows', 's.history_status', 1));
  ELSE
    EXECUTE child_counts_apply_sql(child_counts_status_sql('old_rows', 's.history_status', -1) || ' UNION ALL ' ||
      child_counts_status_sql('old_rows', quote_literal(''), 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER child_counts_status_inserted AFTER INSERT ON child_present_status
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_status_changed();
--> statement-breakpoint
CREATE TRIGGER child_counts_status_updated AFTER UPDATE ON child_present_status
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_status_changed();
--> statement-breakpoint
CREATE TRIGGER child_counts_status_deleted AFTER DELETE ON child_present_status
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION child_counts_status_changed();
--> statement-breakpoint
INSERT INTO child_list_counts (center_id, history_status, n)
SELECT c.centerdetail_id, coalesce(p.history_status, ''), count(*)::int
FROM children c LEFT JOIN child_present_status p ON p.childreg_id = c.id
WHERE c.deleted_at IS NULL
GROUP BY 1, 2;
--> statement-breakpoint
-- The child list's text filters (name, unique id, CWC case no) match a substring whatever its
-- case (spec part 1 section 3, 'Search User Details Filters'): trigram indexes answer that
-- ILIKE '%…%' from the few children it names instead of reading every child. PGlite loads
-- pg_trgm itself (server/db/client.ts); a PostgreSQL where the extension cannot be created
-- (not installed, or a role that may not) still migrates, and those filters read every child.
-- fastupdate off: a new child goes into the index at once; its pending list would otherwise
-- be read by every search until a VACUUM, which PGlite never runs by itself.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable (%): the child list''s text filters read every child', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX children_name_trgm_idx ON children USING gin (name gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX children_unique_id_trgm_idx ON children USING gin (unique_id gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX children_cwccaseno_trgm_idx ON children USING gin (cwccaseno gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END $$;
