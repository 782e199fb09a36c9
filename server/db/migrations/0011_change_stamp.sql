-- A change stamp set by the database (sync/SPEC.md R22): every row of a table the devices
-- pull carries the id of the transaction that last wrote it (`change_xid`, xid8, never
-- wraps). A delta page orders by (change_xid, id) and hands out only rows whose
-- transaction ended before every transaction still running began (below the snapshot's
-- xmin), so a write that commits late is never behind a device's cursor. The trigger stamps
-- every insert and update, an operator's UPDATE in psql included, and moves `updated_at`
-- on an update that did not (If-Match, R11, must see the change).
CREATE OR REPLACE FUNCTION ashray_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := greatest(date_trunc('milliseconds', clock_timestamp()), OLD.updated_at + interval '1 millisecond');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  -- Every table with an id and an updated_at: the pulled collections and any added later
  -- by a migration that runs this block again (a test checks none is missed).
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.columns i ON i.table_schema = c.table_schema AND i.table_name = c.table_name AND i.column_name = 'id'
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND c.column_name = 'updated_at'
  LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()', t);
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (change_xid, id)', t || '_change_idx', t);
    EXECUTE format('DROP TRIGGER IF EXISTS ashray_stamp_change ON %I', t);
    EXECUTE format('CREATE TRIGGER ashray_stamp_change BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION ashray_stamp_change()', t);
  END LOOP;
END $$;
