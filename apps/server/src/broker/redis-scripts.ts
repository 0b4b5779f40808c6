/**
 * The Lua scripts of the Redis broker. Each runs atomically in Redis, so no interleaving of
 * instances sees half an update.
 *
 * Queue keys are named in Lua from the prefix (ARGV[1]) and a language, because a user's old
 * ticket may sit in another language's queue: fine on one Redis (or a Sentinel pair). On a Redis
 * Cluster a script may only touch one slot: the presence scripts below run there too (their keys
 * share a hash tag, see `presenceScripts`), the queue runs redis-cluster-scripts.ts instead.
 */

/**
 * How a script asks who listens on a channel and publishes to it: one Redis's pub/sub, or a
 * cluster's sharded pub/sub, whose channel lives on the node of its slot (so both answers are
 * exact there, where NUMSUB and PUBLISH would only count that node's subscribers).
 */
export interface PubSub {
  numsub: 'NUMSUB' | 'SHARDNUMSUB';
  publish: 'PUBLISH' | 'SPUBLISH';
}
export const NODE_PUBSUB: PubSub = { numsub: 'NUMSUB', publish: 'PUBLISH' };
export const SHARDED_PUBSUB: PubSub = { numsub: 'SHARDNUMSUB', publish: 'SPUBLISH' };

/**
 * Key names of one language's queue (the `{q:<lang>}` hash tag keeps them in one Cluster slot),
 * where the index (user id → "<lang> <ticketId>") says a user's ticket waits, and that ticket.
 */
const QUEUE_KEYS = `
local function queue_keys(prefix, lang)
  local tag = prefix .. '{q:' .. lang .. '}'
  return tag .. ':tickets', tag .. ':order'
end
local function queue_entry(index_key, user_id)
  local entry = redis.call('HGET', index_key, user_id)
  if not entry then return nil end
  return string.match(entry, '^(%S+) (%S+)$')
end
local function queued_ticket(prefix, index_key, user_id)
  local lang, id = queue_entry(index_key, user_id)
  if not lang then return false end
  local tickets = queue_keys(prefix, lang)
  return redis.call('HGET', tickets, id)
end
`;

/**
 * Removes the user's ticket, wherever it waits, and answers its JSON (or false).
 * KEYS[1] user → "<lang> <ticketId>" index, KEYS[2] set of languages with tickets.
 */
const REMOVE_TICKET = `
${QUEUE_KEYS}
local function remove_ticket(prefix, index_key, languages_key, user_id, expected_id)
  local lang, id = queue_entry(index_key, user_id)
  if not lang then return false end
  if expected_id and id ~= expected_id then return false end
  local tickets, order = queue_keys(prefix, lang)
  local json = redis.call('HGET', tickets, id)
  redis.call('HDEL', tickets, id)
  redis.call('ZREM', order, id)
  redis.call('HDEL', index_key, user_id)
  if redis.call('ZCARD', order) == 0 then redis.call('SREM', languages_key, lang) end
  return json
end
`;

/**
 * Presence: KEYS[1] is the hash user id → instance id; each instance also has a set of its users
 * (`<prefix>presence:of:<instance>`), so the users of an instance that died can be found. An
 * instance is alive while its pub/sub channel has a subscriber: a process that dies loses its
 * Redis connection, and Redis drops its subscription at once, so a user whose socket was there
 * can connect again elsewhere straight away. On a cluster the channel is a shard channel in the
 * presence keys' slot: SHARDNUMSUB there counts every subscriber, wherever the instance connects.
 */
const presence = (numsub: PubSub['numsub']) => `
local function instance_alive(prefix, instance)
  local counts = redis.call('PUBSUB', '${numsub}', prefix .. 'instance:' .. instance)
  return tonumber(counts[2]) > 0
end
local function presence_set(prefix, instance)
  return prefix .. 'presence:of:' .. instance
end
local function set_presence(prefix, presence, user_id, instance, previous)
  redis.call('HSET', presence, user_id, instance)
  if previous and previous ~= instance then
    redis.call('SREM', presence_set(prefix, previous), user_id)
  end
  redis.call('SADD', presence_set(prefix, instance), user_id)
end
-- Whether the user's socket is on a live instance; \`alive\` keeps each instance's answer for
-- the rest of the script (a table of the caller's, fresh for each run).
local function online_among(prefix, presence, alive, user_id)
  local owner = redis.call('HGET', presence, user_id)
  if not owner then return false end
  if alive[owner] == nil then alive[owner] = instance_alive(prefix, owner) end
  return alive[owner]
end
local function online(prefix, presence, user_id)
  return online_among(prefix, presence, {}, user_id)
end
`;
const PRESENCE = presence(NODE_PUBSUB.numsub);

/**
 * The JSON of every ticket of a language, oldest first (equal enqueue times in ticket id order: a
 * sorted set orders equal scores by member).
 */
export const LIST_TICKETS = `
local function list_tickets(tickets, order)
  local ids = redis.call('ZRANGE', order, 0, -1)
  local found = {}
  -- HMGET in slices: unpack of a long list would overflow the Lua stack.
  for first = 1, #ids, 1000 do
    local slice = {}
    for i = first, math.min(first + 999, #ids) do slice[#slice + 1] = ids[i] end
    local values = redis.call('HMGET', tickets, unpack(slice))
    for _, json in ipairs(values) do
      if json then found[#found + 1] = json end
    end
  end
  return found
end
`;

/**
 * KEYS[1] index, KEYS[2] languages; ARGV prefix, user id, language, ticket id, enqueuedAt, JSON,
 * longest queue to answer. Answers the language's tickets after the change (LIST_TICKETS), or
 * nil when there are more than that.
 */
export const ENQUEUE = `
${REMOVE_TICKET}
${LIST_TICKETS}
local prefix, user_id, lang, id, at, json = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local snapshot_max = tonumber(ARGV[7])
remove_ticket(prefix, KEYS[1], KEYS[2], user_id, nil)
local tickets, order = queue_keys(prefix, lang)
redis.call('HSET', tickets, id, json)
redis.call('ZADD', order, at, id)
redis.call('HSET', KEYS[1], user_id, lang .. ' ' .. id)
redis.call('SADD', KEYS[2], lang)
if redis.call('ZCARD', order) > snapshot_max then return false end
return list_tickets(tickets, order)
`;

/** KEYS[1] index, KEYS[2] languages; ARGV prefix, user id. Answers the removed JSON or nil. */
export const CANCEL = `
${REMOVE_TICKET}
return remove_ticket(ARGV[1], KEYS[1], KEYS[2], ARGV[2], nil)
`;

/** CANCEL for each user of ARGV[2..] (prefix first); answers nothing. */
export const CANCEL_ALL = `
${REMOVE_TICKET}
for i = 2, #ARGV do remove_ticket(ARGV[1], KEYS[1], KEYS[2], ARGV[i], nil) end
return 0
`;

/**
 * Claims pairs, each on its own: a pair's two tickets are taken only when each user's queued
 * ticket still has the id that was read and both users' sockets are on live instances; otherwise
 * neither is. A user whose instance just died keeps the ticket and is paired once connected again
 * (or forgotten with the instance). KEYS[1] index, KEYS[2] languages, KEYS[3] presence; ARGV
 * prefix, then user 1, id 1, user 2, id 2 of each pair. Answers 1 or 0 per pair, in order.
 */
export const CLAIM_PAIRS = `
${REMOVE_TICKET}
${PRESENCE}
local prefix = ARGV[1]
local function queued_id(user_id)
  local _, id = queue_entry(KEYS[1], user_id)
  return id
end
-- Each instance's liveness is asked once per call.
local alive = {}
local function connected(user_id)
  return online_among(prefix, KEYS[3], alive, user_id)
end
local claimed = {}
for i = 2, #ARGV - 3, 4 do
  local user1, id1, user2, id2 = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local taken = 0
  if user1 ~= user2 and queued_id(user1) == id1 and queued_id(user2) == id2
      and connected(user1) and connected(user2) then
    remove_ticket(prefix, KEYS[1], KEYS[2], user1, id1)
    remove_ticket(prefix, KEYS[1], KEYS[2], user2, id2)
    taken = 1
  end
  claimed[#claimed + 1] = taken
end
return claimed
`;

/** KEYS[1] index; ARGV prefix, user id. Answers the ticket's JSON or nil. */
export const TICKET_OF = `
${QUEUE_KEYS}
return queued_ticket(ARGV[1], KEYS[1], ARGV[2])
`;

/**
 * Whether the user's socket is on a live instance, and the JSON of their ticket (or nil), read
 * together. KEYS[1] presence, KEYS[2] index; ARGV prefix, user id. Answers {1 or 0, JSON}.
 */
export const SEARCH_STATE = `
${PRESENCE}
${QUEUE_KEYS}
local prefix, user_id = ARGV[1], ARGV[2]
local connected = 0
if online(prefix, KEYS[1], user_id) then connected = 1 end
return {connected, queued_ticket(prefix, KEYS[2], user_id)}
`;

/** KEYS[1] the language's tickets, KEYS[2] its order; the JSON of every ticket, oldest first. */
export const TICKETS = `
${LIST_TICKETS}
return list_tickets(KEYS[1], KEYS[2])
`;

/**
 * The scripts that touch presence only, which makes them one slot on a cluster as long as the
 * presence hash, `<prefix>presence:of:<id>` and the channels `<prefix>instance:<id>` share a hash
 * tag (the cluster layout's prefix ends in one).
 */
export function presenceScripts(pubsub: PubSub) {
  const lua = presence(pubsub.numsub);
  return {
    /**
     * Takes the user's presence for an instance, unless a live instance (this one included)
     * holds it. KEYS[1] presence; ARGV prefix, user id, instance id. Answers 1 when taken.
     */
    CLAIM_PRESENCE: `
${lua}
local prefix, user_id, instance = ARGV[1], ARGV[2], ARGV[3]
local owner = redis.call('HGET', KEYS[1], user_id)
if owner and (owner == instance or instance_alive(prefix, owner)) then return 0 end
set_presence(prefix, KEYS[1], user_id, instance, owner)
return 1
`,

    /**
     * An instance that lost Redis tells it again which sockets it holds (Redis may have restarted
     * empty). KEYS[1] presence; ARGV prefix, instance id, user ids. Answers the users another live
     * instance holds meanwhile (their sockets here are the second ones).
     */
    REASSERT_PRESENCE: `
${lua}
local prefix, instance = ARGV[1], ARGV[2]
local taken = {}
for i = 3, #ARGV do
  local user_id = ARGV[i]
  local owner = redis.call('HGET', KEYS[1], user_id)
  if owner and owner ~= instance and instance_alive(prefix, owner) then
    taken[#taken + 1] = user_id
  else
    set_presence(prefix, KEYS[1], user_id, instance, owner)
  end
end
return taken
`,

    /** KEYS[1] presence; ARGV prefix, user id, instance id. */
    RELEASE_PRESENCE: `
${lua}
local prefix, user_id, instance = ARGV[1], ARGV[2], ARGV[3]
redis.call('SREM', presence_set(prefix, instance), user_id)
if redis.call('HGET', KEYS[1], user_id) == instance then
  return redis.call('HDEL', KEYS[1], user_id)
end
return 0
`,

    /** KEYS[1] presence; ARGV prefix, user id. 1 when the user's socket is on a live instance. */
    IS_ONLINE: `
${lua}
if online(ARGV[1], KEYS[1], ARGV[2]) then return 1 end
return 0
`,

    /**
     * KEYS[1] presence; ARGV prefix, then user ids. Answers those whose socket is on a live
     * instance (each instance's liveness is read once).
     */
    ONLINE_AMONG: `
${lua}
local prefix = ARGV[1]
local alive = {}
local found = {}
for i = 2, #ARGV do
  if online_among(prefix, KEYS[1], alive, ARGV[i]) then found[#found + 1] = ARGV[i] end
end
return found
`,

    /**
     * Publishes to the channel of the instance holding the user's socket, in one step with the
     * look-up so a socket that moved is not missed. KEYS[1] presence; ARGV channel prefix, user id,
     * event JSON. Answers how many subscribers got it (0 when the user is not connected).
     */
    DELIVER: `
local owner = redis.call('HGET', KEYS[1], ARGV[2])
if not owner then return 0 end
return redis.call('${pubsub.publish}', ARGV[1] .. owner, ARGV[3])
`,
  };
}

/**
 * `reap_dead(prefix, grace, presence, forget)`: registers the calling instances (ARGV[3] on) and
 * forgets instances dead for at least the grace, calling `forget(user_id)` for each of their
 * users whose presence it removes (users who came back elsewhere have moved it already). Answers
 * how many instances it forgot, and which calling instances were not registered before.
 */
export const reapDead = (numsub: PubSub['numsub']) => `
${presence(numsub)}
local function reap_dead(prefix, grace, presence, forget)
  local instances, dead = prefix .. 'instances', prefix .. 'instances:dead'
  local unregistered = {}
  for i = 3, #ARGV do
    if redis.call('SADD', instances, ARGV[i]) == 1 then
      unregistered[#unregistered + 1] = ARGV[i]
    end
    redis.call('HDEL', dead, ARGV[i])
  end
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  local forgotten = 0
  for _, instance in ipairs(redis.call('SMEMBERS', instances)) do
    if instance_alive(prefix, instance) then
      redis.call('HDEL', dead, instance)
    else
      local since = tonumber(redis.call('HGET', dead, instance))
      if not since then
        redis.call('HSET', dead, instance, now)
      elseif now - since >= grace then
        local users_key = presence_set(prefix, instance)
        for _, user_id in ipairs(redis.call('SMEMBERS', users_key)) do
          if redis.call('HGET', presence, user_id) == instance then
            redis.call('HDEL', presence, user_id)
            forget(user_id)
          end
        end
        redis.call('DEL', users_key)
        redis.call('SREM', instances, instance)
        redis.call('HDEL', dead, instance)
        forgotten = forgotten + 1
      end
    end
  end
  return forgotten, unregistered
end
`;

/**
 * Registers the calling instances and forgets instances dead for at least the grace: their users'
 * presence and queue tickets. KEYS[1] presence, KEYS[2] queue index, KEYS[3] languages; ARGV
 * prefix, grace ms, then the caller's instance ids. Answers {instances forgotten, users forgotten}.
 */
export const REAP_INSTANCES = `
${reapDead(NODE_PUBSUB.numsub)}
${REMOVE_TICKET}
local prefix = ARGV[1]
local forgotten_users = 0
local forgotten_instances = reap_dead(prefix, tonumber(ARGV[2]), KEYS[1], function(user_id)
  remove_ticket(prefix, KEYS[2], KEYS[3], user_id, nil)
  forgotten_users = forgotten_users + 1
end)
return {forgotten_instances, forgotten_users}
`;

/**
 * A fixed window: the first hit starts it (PEXPIRE), later hits count within it. A key left
 * without an expiry (it should not happen) is given one rather than counting forever.
 * KEYS[1] counter; ARGV window ms. Answers {count, ms until the window closes}.
 */
export const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
