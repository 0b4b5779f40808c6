-- Keep the sessions table's statistics and its open-session indexes current (issue 20). Every
-- find and charge asks "is this user in a call?" through a plan chosen from the statistics: taken
-- in a quiet hour (few calls open), they make a scan of every open call look as cheap as a probe
-- of the user's own entries, and PostgreSQL may keep that plan while the evening's calls open.
-- By default a table is analyzed after a tenth of its rows changed (hours, once it holds
-- millions of calls) and vacuumed after a fifth; here after a fixed number of changes (a call is
-- about three: made, started, ended), so at most about a minute late (autovacuum's nap). The
-- vacuum also drops the index entries of ended calls, which every open-session read steps over
-- until then.
ALTER TABLE "sessions" SET (
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 2000
);
