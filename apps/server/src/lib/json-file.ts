import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { fileStream } from './file-stream.js';
import { jsonWriter } from './response-serialization.js';

/**
 * The values of a JSON file streamed by `jsonFileStream`: each list of its schema as batches of
 * rows, read one batch at a time (lib/keyset.ts); every other field as its value.
 */
export type JsonFileParts<Shape extends z.ZodRawShape> = {
  [K in keyof Shape]: Shape[K] extends z.ZodArray<infer Row>
    ? AsyncIterable<readonly z.input<Row>[]>
    : z.input<Shape[K]>;
};

/**
 * A JSON object written as it streams, its fields in the schema's order: a list's rows batch by
 * batch, each batch one chunk, so a file of 100k rows is never one string in memory. Each value is
 * written by its schema's compiled writer (response-serialization.ts), as a route's answer is:
 * only the declared fields, whatever the rows carry.
 */
export function jsonFileStream<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  parts: JsonFileParts<Shape>,
): Readable {
  return fileStream(jsonFileChunks(schema, parts));
}

async function* jsonFileChunks<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  parts: JsonFileParts<Shape>,
): AsyncGenerator<string> {
  let separator = '{';
  for (const [name, field] of Object.entries(schema.shape) as [keyof Shape & string, z.ZodType][]) {
    const label = `${separator}${JSON.stringify(name)}:`;
    separator = ',';
    const value: unknown = parts[name];
    if (!isList(field)) {
      yield `${label}${writerOf(field)(value)}`;
      continue;
    }
    const writeRow = writerOf(field.element);
    let opening = `${label}[`;
    for await (const batch of value as AsyncIterable<readonly unknown[]>) {
      if (batch.length === 0) continue;
      yield `${opening}${batch.map(writeRow).join(',')}`;
      opening = ',';
    }
    yield opening === ',' ? ']' : `${opening}]`;
  }
  yield separator === '{' ? '{}' : '}';
}

/** Each schema's writer, compiled once for every file that writes it. */
const writers = new WeakMap<z.ZodType, (value: unknown) => string>();
function writerOf(schema: z.ZodType) {
  let writer = writers.get(schema);
  if (!writer) {
    writer = jsonWriter(schema);
    writers.set(schema, writer);
  }
  return writer;
}

const isList = (field: z.ZodType): field is z.ZodArray<z.ZodType> => field.def.type === 'array';
