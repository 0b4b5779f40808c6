/**
 * The Lua scripts the broker runs on a Redis Cluster besides the presence ones (presenceScripts in
 * redis-scripts.ts). A script there may only touch keys of one hash slot, so each of these takes
 * every key it touches in KEYS, all under one tag: a language's queue `{q:<lang>}`, or the
 * presence `{live}`. What spans slots (a user's pointer to their ticket, the presence check before
 * a claim) is done in steps by redis-cluster-queue.ts.
 */
import { LIST_TICKETS, reapDead, SHARDED_PUBSUB } from './redis-scripts.ts';

/** Removes ticket `id` from a language's queue. KEYS[1] tickets, KEYS[2] order, KEYS[3] users. */
const DROP = `
local function drop(id)
  redis.call('HDEL', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
end
`;

/**
 * Adds a ticket to a language's queue, replacing the user's ticket in that queue if another.
 * KEYS[1] tickets, KEYS[2] order, KEYS[3] users (user id → ticket id); ARGV user id, ticket id,
 * enqueuedAt, JSON, longest queue to answer. Answers the queue after the change (LIST_TICKETS), or
 * nil when it is longer than that.
 */
export const QUEUE_ADD = `
${DROP}
${LIST_TICKETS}
local user_id, id = ARGV[1], ARGV[2]
local previous = redis.call('HGET', KEYS[3], user_id)
if previous and previous ~= id then drop(previous) end
redis.call('HSET', KEYS[1], id, ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], id)
redis.call('HSET', KEYS[3], user_id, id)
if redis.call('ZCARD', KEYS[2]) > tonumber(ARGV[5]) then return false end
return list_tickets(KEYS[1], KEYS[2])
`;

/**
 * Removes the user's ticket from a language's queue when it is still ticket `id`. KEYS as
 * QUEUE_ADD; ARGV user id, ticket id. Answers the removed JSON, or nil.
 */
export const QUEUE_REMOVE = `
${DROP}
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then return false end
local json = redis.call('HGET', KEYS[1], ARGV[2])
drop(ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[1])
return json
`;

/**
 * Claims pairs of one language, each on its own: a pair's two tickets are taken only when each
 * user's ticket there is still the one read; otherwise neither is. KEYS as QUEUE_ADD; ARGV user 1,
 * ticket 1, user 2, ticket 2 of each pair. Answers 1 or 0 per pair, in order. (Whether the users
 * are connected was asked just before, in the presence slot.)
 */
export const QUEUE_CLAIM_PAIRS = `
${DROP}
local claimed = {}
for i = 1, #ARGV - 3, 4 do
  local taken = 0
  if ARGV[i] ~= ARGV[i + 2]
      and redis.call('HGET', KEYS[3], ARGV[i]) == ARGV[i + 1]
      and redis.call('HGET', KEYS[3], ARGV[i + 2]) == ARGV[i + 3] then
    for j = i, i + 2, 2 do
      drop(ARGV[j + 1])
      redis.call('HDEL', KEYS[3], ARGV[j])
    end
    taken = 1
  end
  claimed[#claimed + 1] = taken
end
return claimed
`;

/**
 * A user's pointer to their tickets, `<lang> <id>` entries joined by `;`: the first is the user's
 * ticket, the others are tickets it replaced in other languages, kept named until their removal
 * is confirmed (a node may fail between the steps), so no ticket is left that nothing names.
 */

/**
 * Points the user at a new ticket: entries of other languages stay (to be removed), entries of
 * its language were replaced by QUEUE_ADD already. KEYS[1] pointer; ARGV new entry, its
 * language. Answers the pointer's new value.
 */
export const POINTER_SET = `
local value = ARGV[1]
local previous = redis.call('GET', KEYS[1])
if previous then
  for entry in string.gmatch(previous, '[^;]+') do
    if entry ~= ARGV[1] and string.match(entry, '^(%S+) ') ~= ARGV[2] then
      value = value .. ';' .. entry
    end
  end
end
redis.call('SET', KEYS[1], value)
return value
`;

/**
 * Sets KEYS[1] to ARGV[2] (deletes it when ARGV[2] is empty) only while it still holds ARGV[1].
 */
export const POINTER_REPLACE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2]) end
return 1
`;

/** Takes entry ARGV[1] (a claimed ticket) out of pointer KEYS[1]. */
export const POINTER_DROP = `
local previous = redis.call('GET', KEYS[1])
if not previous then return 0 end
local rest = {}
for entry in string.gmatch(previous, '[^;]+') do
  if entry ~= ARGV[1] then rest[#rest + 1] = entry end
end
if #rest == 0 then return redis.call('DEL', KEYS[1]) end
redis.call('SET', KEYS[1], table.concat(rest, ';'))
return 1
`;

/**
 * REAP_INSTANCES of a cluster, whose tickets are in other slots: forgets the presence of dead
 * instances only. KEYS[1] presence; ARGV prefix (ending in the presence tag), grace ms, the
 * caller's instance ids. Answers {instances forgotten, the users forgotten (ids), calling
 * instances that were not registered (new, or Redis lost them), calling instances whose channel
 * has no subscriber}.
 */
export const REAP_PRESENCE = `
${reapDead(SHARDED_PUBSUB.numsub)}
local prefix = ARGV[1]
local users = {}
local instances, unregistered = reap_dead(prefix, tonumber(ARGV[2]), KEYS[1], function(user_id)
  users[#users + 1] = user_id
end)
local unheard = {}
for i = 3, #ARGV do
  if not instance_alive(prefix, ARGV[i]) then unheard[#unheard + 1] = ARGV[i] end
end
return {instances, users, unregistered, unheard}
`;

/**
 * How many subscribers each channel has, asked of the node holding the presence slot (where the
 * instance channels live). KEYS[1] presence (for the slot); ARGV channels. Answers the counts.
 */
export const SUBSCRIBERS = `
local counts = {}
for i = 1, #ARGV do
  counts[i] = tonumber(redis.call('PUBSUB', 'SHARDNUMSUB', ARGV[i])[2])
end
return counts
`;
