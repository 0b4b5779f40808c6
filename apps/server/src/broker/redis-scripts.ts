/**
 * The Lua scripts of the Redis broker. Each runs atomically in Redis, so no interleaving of
 * instances sees half an update.
 *
 * Queue keys are named in Lua from the prefix (ARGV[1]) and a language, because a user's old
 * ticket may sit in another language's queue: fine on one Redis (or a Sentinel pair), which is
 * what Parlo runs on. See `queueKeys` in redis-broker.ts for the Redis Cluster plan.
 */

/** Key names of one language's queue; the `{q:<lang>}` hash tag keeps them in one Cluster slot. */
const QUEUE_KEYS = `
local function queue_keys(prefix, lang)
  local tag = prefix .. '{q:' .. lang .. '}'
  return tag .. ':tickets', tag .. ':order'
end
`;

/**
 * Removes the user's ticket, wherever it waits, and answers its JSON (or false).
 * KEYS[1] user → "<lang> <ticketId>" index, KEYS[2] set of languages with tickets.
 */
const REMOVE_TICKET = `
${QUEUE_KEYS}
local function remove_ticket(prefix, index_key, languages_key, user_id, expected_id)
  local entry = redis.call('HGET', index_key, user_id)
  if not entry then return false end
  local lang, id = string.match(entry, '^(%S+) (%S+)$')
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

/** KEYS[1] index, KEYS[2] languages; ARGV prefix, user id, language, ticket id, enqueuedAt, JSON. */
export const ENQUEUE = `
${REMOVE_TICKET}
local prefix, user_id, lang, id, at, json = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
remove_ticket(prefix, KEYS[1], KEYS[2], user_id, nil)
local tickets, order = queue_keys(prefix, lang)
redis.call('HSET', tickets, id, json)
redis.call('ZADD', order, at, id)
redis.call('HSET', KEYS[1], user_id, lang .. ' ' .. id)
redis.call('SADD', KEYS[2], lang)
return 1
`;

/** KEYS[1] index, KEYS[2] languages; ARGV prefix, user id. Answers the removed JSON or nil. */
export const CANCEL = `
${REMOVE_TICKET}
return remove_ticket(ARGV[1], KEYS[1], KEYS[2], ARGV[2], nil)
`;

/**
 * Takes both tickets only when each user's queued ticket still has the id that was read; otherwise
 * takes nothing. KEYS[1] index, KEYS[2] languages; ARGV prefix, user 1, id 1, user 2, id 2.
 */
export const CLAIM_PAIR = `
${REMOVE_TICKET}
local prefix, user1, id1, user2, id2 = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
if user1 == user2 then return 0 end
local function queued_id(user_id)
  local entry = redis.call('HGET', KEYS[1], user_id)
  if not entry then return nil end
  local _, id = string.match(entry, '^(%S+) (%S+)$')
  return id
end
if queued_id(user1) ~= id1 or queued_id(user2) ~= id2 then return 0 end
remove_ticket(prefix, KEYS[1], KEYS[2], user1, id1)
remove_ticket(prefix, KEYS[1], KEYS[2], user2, id2)
return 1
`;

/** KEYS[1] index; ARGV prefix, user id. Answers the ticket's JSON or nil. */
export const TICKET_OF = `
${QUEUE_KEYS}
local entry = redis.call('HGET', KEYS[1], ARGV[2])
if not entry then return false end
local lang, id = string.match(entry, '^(%S+) (%S+)$')
local tickets = queue_keys(ARGV[1], lang)
return redis.call('HGET', tickets, id)
`;

/**
 * KEYS[1] the language's tickets, KEYS[2] its order; the JSON of every ticket, oldest first
 * (equal enqueue times in ticket id order: a sorted set orders equal scores by member).
 */
export const TICKETS = `
local ids = redis.call('ZRANGE', KEYS[2], 0, -1)
local found = {}
-- HMGET in slices: unpack of a long list would overflow the Lua stack.
for first = 1, #ids, 1000 do
  local slice = {}
  for i = first, math.min(first + 999, #ids) do slice[#slice + 1] = ids[i] end
  local values = redis.call('HMGET', KEYS[1], unpack(slice))
  for _, json in ipairs(values) do
    if json then found[#found + 1] = json end
  end
end
return found
`;

/** KEYS[1] presence; ARGV user id, instance id. */
export const RELEASE_PRESENCE = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`;

/**
 * Publishes to the channel of the instance holding the user's socket, in one step with the look-up
 * so a socket that moved is not missed. KEYS[1] presence; ARGV channel prefix, user id, event
 * JSON. Answers how many subscribers got it (0 when the user is not connected).
 */
export const DELIVER = `
local owner = redis.call('HGET', KEYS[1], ARGV[2])
if not owner then return 0 end
return redis.call('PUBLISH', ARGV[1] .. owner, ARGV[3])
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
