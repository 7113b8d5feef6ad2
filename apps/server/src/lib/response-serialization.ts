import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema (the same one the OpenAPI document shows). Like zod's encode it writes only the declared
 * fields, so a presenter can never leak a column it was handed; unlike it, it is compiled once per
 * route instead of walking the schema on every response
 * (docs/decisions/0020-responses-are-written-by-fast-json-stringify.md). A route compiles at its first
 * response rather than at start: compiling all of them cost every restart about 0.3 s.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => jsonWriter(schema);

/**
 * The JSON text of a value of `schema`, by fast-json-stringify: its declared fields only, compiled
 * at the first value written. Also what a streamed JSON file writes its rows with (json-file.ts).
 */
export function jsonWriter(schema: z.ZodType): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= fastJson(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as object,
    );
    return serialize(data);
  };
}
