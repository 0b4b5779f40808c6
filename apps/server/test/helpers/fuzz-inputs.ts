import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { urlOf, type ApiRoute, type HttpMethod, type JsonSchema } from './api-routes.ts';

/**
 * What a hostile client sends (issue 17's probe): wrong types, NUL and other control characters,
 * lone surrogates, huge numbers, odd content types, empty and garbage JSON, and path segments
 * that are not even valid UTF-8.
 */

const HOSTILE_TEXT = [
  '\u0000',
  'en\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\u0007\u001b[31m',
  '\r\n\t',
  '\u202e',
  '\ufeff',
  '🙂',
  "'; drop table users; --",
  '${jndi:ldap://x}',
  '__proto__',
  '../../etc/passwd',
  '',
  ' ',
];

const HUGE_NUMBERS = [
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e21,
  -0,
  0.5,
];

/** Any text, including the characters PostgreSQL refuses. */
export const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)),
);

/** A value of any JSON type where a field expects one type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(...HUGE_NUMBERS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(randomUUID()),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** A value a field of this schema takes when the request is well formed. */
function plausibleValue(name: string, schema: JsonSchema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  const nonNull = schema?.anyOf?.find((option) => option.type !== 'null');
  if (nonNull) return plausibleValue(name, nonNull);
  if (schema?.format === 'uuid') return randomUUID();
  if (schema?.type === 'integer' || schema?.type === 'number') {
    return typeof schema.minimum === 'number' ? schema.minimum : 1;
  }
  if (schema?.type === 'boolean') return true;
  if (schema?.type === 'object') return plausibleBody(schema);
  return PLAUSIBLE_TEXT[name] ?? 'plain text';
}

const PLAUSIBLE_TEXT: Record<string, string> = {
  languageCode: 'en',
  name: 'Ada Lovelace',
  dateOfBirth: '1990-04-12T00:00:00.000Z',
  provider: 'google',
  code: 'code-1',
  redirectUri: 'http://localhost:3000/auth/callback/google',
  sdp: 'v=0',
};

function plausibleBody(schema: JsonSchema): Record<string, unknown> {
  const entries = Object.entries(schema.properties ?? {});
  return Object.fromEntries(entries.map(([name, field]) => [name, plausibleValue(name, field)]));
}

/** A path segment as it travels: percent-encoded hostile text, or bytes that are not UTF-8. */
function hostileSegment(sample: string): fc.Arbitrary<string> {
  const encoded = (text: string) => Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');
  return fc.oneof(
    fc.constantFrom('%00', `${sample}%00`, `%00${sample}`, '%ED%A0%80', '%FF', '%C0%80', '%'),
    fc.constantFrom('%zz', 'a%2Fb', '..', '%2e%2e', '%0A%0D', '%1F', '%7F', '-1', '1e999'),
    fc.constant('x'.repeat(3000)),
    hostileText.map(encoded),
    hostileText.map((text) => sample + encoded(text)),
  );
}

/** A query string: the route's own names and unknown ones, with hostile and repeated values. */
function hostileQuery(route: ApiRoute): fc.Arbitrary<string> {
  const names = [...route.query.map((q) => q.name), 'x', '__proto__'];
  const value = fc.oneof(
    fc.constantFrom('1', '0', '-1', '1e999', 'NaN', '9'.repeat(400), '%00', '%ED%A0%80', 'en%00'),
    hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'))),
  );
  const pair = fc.tuple(fc.constantFrom(...names), value).map(([k, v]) => `${k}=${v}`);
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`);
}

/** Raw body text: empty, garbage, broken JSON, deep nesting, or JSON of any value. */
const hostileBodyText = fc.oneof(
  fc.constantFrom('', ' ', '{', '{"a":', '[1,]', 'nul', '"\\u0000"', '{"__proto__":{"x":1}}'),
  fc.constantFrom('{"constructor":{"prototype":{"x":1}}}', '\u0000', '1e999', '-'),
  fc.nat({ max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue).map((v) => JSON.stringify(v) ?? 'null'),
);

export const contentType = fc.constantFrom(
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '',
  'none',
);

export interface HttpCase {
  method: HttpMethod;
  url: string;
  /** 'none' sends no Content-Type header. */
  contentType: string;
  body: string;
  token: 'valid' | 'forged' | 'none';
  /** What was made hostile, for the failure message. */
  mutation: string;
}

/**
 * A request to `route` as a client would send it, with exactly one thing made hostile (so the
 * rest passes and the hostile part reaches as deep as it can): the method, a path parameter,
 * the query, the content type, the whole body, one body field, or the token.
 */
export function httpCase(route: ApiRoute, samples: Record<string, string>): fc.Arbitrary<HttpCase> {
  const base: HttpCase = {
    method: route.method,
    url: urlOf(route, samples),
    contentType: 'application/json',
    body: route.body ? JSON.stringify(plausibleBody(route.body)) : '',
    token: 'valid',
    mutation: 'none',
  };
  const mutations: fc.Arbitrary<HttpCase>[] = [
    fc.constantFrom<HttpMethod>('GET', 'POST', 'PUT', 'DELETE', 'PATCH').map((method) => ({
      ...base,
      method,
      mutation: 'method',
    })),
    hostileQuery(route).map((query) => ({ ...base, url: base.url + query, mutation: 'query' })),
    contentType.map((type) => ({ ...base, contentType: type, mutation: 'content type' })),
    hostileBodyText.map((body) => ({ ...base, body, mutation: 'body' })),
    fc.constantFrom<HttpCase['token']>('forged', 'none').map((token) => ({
      ...base,
      token,
      mutation: 'token',
    })),
  ];
  for (const name of route.pathParams) {
    const sample = samples[name] ?? 'x';
    const segment = hostileSegment(sample).map((value) => ({
      ...base,
      url: urlOf(route, { ...samples, [name]: value }),
      mutation: `path ${name}`,
    }));
    // Path parameters are where issue 17 found its 500s: they get more of the cases.
    mutations.push(segment, segment);
  }
  const fields = Object.keys(route.body?.properties ?? {});
  if (route.body && fields.length > 0) {
    const body = plausibleBody(route.body);
    const field = fc
      .tuple(fc.constantFrom(...fields), fc.oneof(hostileText, hostileValue))
      .map(([name, value]) => ({
        ...base,
        body: JSON.stringify({ ...body, [name]: value }),
        mutation: `body ${name}`,
      }));
    mutations.push(field, field);
  }
  return fc.oneof(...mutations);
}

/** Messages the contract accepts, carrying hostile text where it is free: these are relayed. */
const wellFormedMessage = fc.oneof(
  fc.record({
    type: fc.constantFrom('offer', 'answer'),
    payload: fc.record({ sdp: hostileText.filter((text) => text.length > 0) }),
  }),
  fc.record({
    type: fc.constant('candidate'),
    payload: fc.record({ candidate: hostileText, sdpMid: fc.option(fc.string({ maxLength: 64 })) }),
  }),
  fc.record({
    type: fc.constantFrom('camera_toggled', 'microphone_toggled'),
    payload: fc.record({ enabled: fc.boolean() }),
  }),
  fc.record({
    type: fc.constant('connection_quality'),
    payload: fc.record({
      strength: fc.constantFrom('excellent', 'good', 'fair', 'poor', 'none'),
      packetLoss: fc.constantFrom(0, 100, 0.0001, 99.9999),
      roundTripTimeMs: fc.constantFrom(0, 60_000, 5e-324),
    }),
  }),
  fc.constant({ type: 'media_connected' }),
);

/** A socket frame a hostile client sends, as text (or bytes for a binary frame). */
export const socketFrame: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc
    .tuple(wellFormedMessage, fc.option(fc.nat()))
    .map(([message, ref]) => JSON.stringify(ref === null ? message : { ...message, ref })),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', '{', 'null', '[]', '"x"', '1e999', '{"type":null}', '{"__proto__":{}}'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .record(
      {
        type: fc.oneof(
          fc.constantFrom(
            'offer',
            'answer',
            'candidate',
            'camera_toggled',
            'microphone_toggled',
            'media_connected',
            'connection_quality',
            'end_session',
            'session_created',
            'error',
          ),
          hostileText,
        ),
        payload: fc.oneof(
          hostileValue,
          fc.record({ sdp: hostileValue, enabled: hostileValue, candidate: hostileValue }),
          fc.record({ strength: hostileValue, packetLoss: hostileValue, jitterMs: hostileValue }),
        ),
        ref: hostileValue,
      },
      { requiredKeys: [] },
    )
    .map((message) => JSON.stringify(message)),
);
