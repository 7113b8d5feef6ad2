-- Row counts per organization (schema/row-counts.ts), kept by one statement-level trigger function
-- that any table with an organization_id column can use. Transition tables make a bulk insert one
-- grouped update, and a moved row (organization_id changed) moves its count.
CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (table_name, organization_id, total)
      SELECT TG_TABLE_NAME, coalesce(organization_id, '00000000-0000-0000-0000-000000000000'), count(*)
      FROM new_rows GROUP BY 2
    ON CONFLICT (table_name, organization_id) DO UPDATE SET total = row_counts.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET total = row_counts.total - gone.total
      FROM (SELECT coalesce(organization_id, '00000000-0000-0000-0000-000000000000') AS organization_id, count(*) AS total
            FROM old_rows GROUP BY 1) gone
      WHERE row_counts.table_name = TG_TABLE_NAME AND row_counts.organization_id = gone.organization_id;
  ELSE
    INSERT INTO row_counts (table_name, organization_id, total)
      SELECT TG_TABLE_NAME, moved.organization_id, sum(moved.change)
      FROM (SELECT coalesce(organization_id, '00000000-0000-0000-0000-000000000000') AS organization_id, 1 AS change FROM new_rows
            UNION ALL
            SELECT coalesce(organization_id, '00000000-0000-0000-0000-000000000000'), -1 FROM old_rows) moved
      GROUP BY moved.organization_id HAVING sum(moved.change) <> 0
    ON CONFLICT (table_name, organization_id) DO UPDATE SET total = row_counts.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserts AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER users_count_deletes AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER users_count_moves AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER departments_count_inserts AFTER INSERT ON departments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER departments_count_deletes AFTER DELETE ON departments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER teams_count_inserts AFTER INSERT ON teams REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER teams_count_deletes AFTER DELETE ON teams REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
INSERT INTO row_counts (table_name, organization_id, total)
  SELECT 'users', coalesce(organization_id, '00000000-0000-0000-0000-000000000000'), count(*) FROM users GROUP BY 2
  UNION ALL
  SELECT 'departments', organization_id, count(*) FROM departments GROUP BY 2
  UNION ALL
  SELECT 'teams', organization_id, count(*) FROM teams GROUP BY 2;
