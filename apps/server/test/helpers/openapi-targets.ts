/**
 * Every request body and query of the OpenAPI document, as attack targets: the input-safety tests
 * and the bench (its huge-value timing) read the routes from the document, so a new route is covered
 * the day it lands.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
}
export interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: { enum?: string[] } }[];
}
export type Path = (string | number)[];
export interface Leaf {
  path: Path;
  schema: JsonSchema;
}

/** A 100,000-character value: far over every field's maximum length. */
export const HUGE = 'B'.repeat(100_000);
const unknownId = '00000000-0000-4000-8000-000000000000';

/** Every leaf (non-object) field of a schema with its path; an array field contributes its first item. */
export function leaves(schema: JsonSchema, path: Path = []): Leaf[] {
  // A nullable field is `anyOf` with `{type: 'null'}` (OpenAPI 3.1): its null branch is no field of its own.
  const alternatives = (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.filter(
    (alternative) => alternative.type !== 'null',
  );
  if (alternatives) return alternatives.flatMap((alternative) => leaves(alternative, path));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, inner]) => leaves(inner, [...path, key]));
  }
  if (schema.type === 'array' && schema.items) return [{ path, schema }, ...leaves(schema.items, [...path, 0])];
  return [{ path, schema }];
}

export const isString = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** A body holding `value` at `path` and nothing else. */
export function bodyWith(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head as string]: bodyWith(rest, value) };
}

/** A path with an unknown id in each parameter, or the first allowed value of an enum one (a record type). */
const fill = (template: string, parameters: Operation['parameters'] = []) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const allowed = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema?.enum;
    return allowed?.[0] ?? unknownId;
  });

export interface Target {
  method: string;
  /** The documented path ("/api/tasks/{id}"). */
  template: string;
  url: string;
  body?: JsonSchema;
  query: string[];
}

/** The targets of the document at GET /api/docs/json. */
export function operationTargets(document: { paths: Record<string, Record<string, Operation>> }): Target[] {
  return Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template: url,
      url: fill(url, operation.parameters),
      body: operation.requestBody?.content?.['application/json']?.schema,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** The targets with a JSON request body. */
export const bodyTargets = (targets: Target[]) => targets.filter((target) => target.body);
