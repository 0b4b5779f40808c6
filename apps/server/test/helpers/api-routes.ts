import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The part of a JSON Schema (as the OpenAPI document writes the zod schemas) tests read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  [key: string]: unknown;
}

export interface ApiRoute {
  method: HttpMethod;
  /** As the OpenAPI document writes it: /api/v1/sessions/{id}. */
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema; undefined for a route that takes no body. */
  body: JsonSchema | undefined;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/**
 * Every API route, read from the app's own OpenAPI document (each route's zod schemas make it),
 * so a route added later is covered by the tests that walk them without being listed anywhere.
 */
export function apiRoutes(app: App): ApiRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** A well-formed value for each path parameter the API has, by name. */
export function sampleParams(): Record<string, string> {
  return {
    languageCode: 'en',
    id: randomUUID(),
    userId: randomUUID(),
    featureCode: 'tokens',
    provider: 'google',
  };
}

/** The route's path with its parameters filled in (each value percent-encoded as given). */
export function urlOf(route: Pick<ApiRoute, 'path'>, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name}`);
    return value;
  });
}
