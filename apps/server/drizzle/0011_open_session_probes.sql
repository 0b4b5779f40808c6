-- "Is this user in an open session?" as two index probes, one per side of the pair, instead of
-- one scan with `user1_id = p_user OR user2_id = p_user`. With the OR, the plan PostgreSQL
-- makes reads the whole of an open-session index and filters it by user: every open
-- call in the service, and every call ended since the last vacuum (an index entry stays until
-- then), twice per session charge (issue 20). The text the function returns is unchanged.
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
  SELECT exists(SELECT 1 FROM sessions x WHERE x.ended_at IS NULL AND x.user1_id = p_user)
      OR exists(SELECT 1 FROM sessions x WHERE x.ended_at IS NULL AND x.user2_id = p_user)
    INTO v_open;
  RETURN concat_ws('|', coalesce(v_plan, '-'), coalesce(v_usage, '-'), v_bonus, v_open::text);
END
$$;
