-- Everything that decides whether and how a user pays for a session, as one comparable text:
-- the active plan, today's usage, the bonus balance and whether a session is open. A find reads
-- it with the rest of the searcher; the charge compares it under the row lock.
-- plpgsql rather than sql so its queries' plans are cached per connection, not made per call.
CREATE OR REPLACE FUNCTION parlo_token_fingerprint(p_user uuid, p_day date) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_plan text;
  v_usage text;
  v_bonus text;
  v_open boolean;
BEGIN
  SELECT s.id::text || ':' || s.plan_code || ':' || coalesce(s.ends_at::text, '') INTO v_plan
  FROM subscriptions s WHERE s.user_id = p_user AND s.status = 'active';
  SELECT string_agg(g.feature_code || '=' || g.count::text, ',' ORDER BY g.feature_code) INTO v_usage
  FROM usages g WHERE g.user_id = p_user AND g.day = p_day;
  SELECT coalesce(sum(l.delta), 0)::text INTO v_bonus
  FROM token_ledger l WHERE l.user_id = p_user AND l.pool = 'bonus';
  SELECT exists(SELECT 1 FROM sessions x
    WHERE x.ended_at IS NULL AND (x.user1_id = p_user OR x.user2_id = p_user)) INTO v_open;
  RETURN concat_ws('|', coalesce(v_plan, '-'), coalesce(v_usage, '-'), v_bonus, v_open::text);
END
$$;
--> statement-breakpoint
-- The session charge in one round trip, for when both users' token state is known from their
-- finds: lock both rows (id order), compare each fingerprint with a snapshot taken after the
-- lock, and write the session, its ledger rows and usage only when nothing changed. No row back
-- means "decide again": the server then charges inside an explicit transaction. Commits without
-- waiting for the WAL flush (docs/decisions.md, Match speed).
CREATE OR REPLACE FUNCTION parlo_charge_session(
  p_user1 uuid, p_user2 uuid, p_language text, p_now timestamptz, p_day date,
  p_fingerprint1 text, p_fingerprint2 text,
  p_daily1 integer, p_bonus1 integer, p_daily2 integer, p_bonus2 integer
) RETURNS TABLE (session_id uuid, session_created_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_locked integer;
  v_id uuid;
  v_created timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT count(*) INTO v_locked FROM (
    SELECT u.id FROM users u
    WHERE u.id IN (p_user1, p_user2) AND u.deleted_at IS NULL
    ORDER BY u.id FOR UPDATE
  ) locked;
  IF v_locked <> 2 THEN RETURN; END IF;
  -- A new statement: its snapshot sees whatever the previous lock holder committed.
  IF parlo_token_fingerprint(p_user1, p_day) IS DISTINCT FROM p_fingerprint1
     OR parlo_token_fingerprint(p_user2, p_day) IS DISTINCT FROM p_fingerprint2 THEN
    RETURN;
  END IF;
  INSERT INTO sessions (language_code, user1_id, user2_id, created_at)
  VALUES (p_language, p_user1, p_user2, p_now)
  RETURNING id, created_at INTO v_id, v_created;
  INSERT INTO token_ledger (user_id, delta, pool, reason, session_id, created_at)
  SELECT v.user_id, -v.amount, v.pool, 'session', v_id, p_now
  FROM (VALUES (p_user1, p_daily1, 'daily'), (p_user1, p_bonus1, 'bonus'),
               (p_user2, p_daily2, 'daily'), (p_user2, p_bonus2, 'bonus')) AS v(user_id, amount, pool)
  WHERE v.amount > 0;
  INSERT INTO usages (user_id, feature_code, day, count)
  SELECT v.user_id, v.feature_code, p_day, v.amount
  FROM (VALUES (p_user1, 'tokens', p_daily1), (p_user1, 'session_limit', 1),
               (p_user2, 'tokens', p_daily2), (p_user2, 'session_limit', 1))
    AS v(user_id, feature_code, amount)
  WHERE v.amount > 0
  ON CONFLICT (user_id, feature_code, day) DO UPDATE SET count = usages.count + excluded.count;
  RETURN QUERY SELECT v_id, v_created;
END
$$;
