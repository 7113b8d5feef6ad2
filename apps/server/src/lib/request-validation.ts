import { isUtf8 } from 'node:buffer';
import { UI_TEXT } from '@smart/contracts';
import type { FastifyBodyParser, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AppError, badField, badRequest } from './errors.js';

/** A text no column may hold, where it is: its field's path as a validation error names it ("a.0.b"). */
export interface BadText {
  path: string;
  message: string;
}

/** A lone UTF-16 surrogate (half of a pair): not Unicode, so UTF-8 cannot carry it and jsonb refuses its escape. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with one string: a NUL (PostgreSQL refuses it in text), a lone surrogate, or nothing. */
function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return UI_TEXT.nulCharacter;
  if (LONE_SURROGATE.test(text)) return UI_TEXT.invalidText;
  return undefined;
}

/**
 * The first string or object key anywhere inside a parsed body, query or socket payload that no
 * column may hold, with its field's path (a key's problem names the object holding it). Walks with
 * its own stack, so deep nesting cannot overflow.
 */
export function findBadText(value: unknown, test: (text: string) => string | undefined = problemOf): BadText | null {
  const pending: [unknown, string][] = [[value, '']];
  const inside = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      const message = test(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) pending.push([item, inside(path, index)]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const message = test(key);
        if (message) return { path, message };
        pending.push([inner, inside(path, key)]);
      }
    }
  }
  return null;
}

/** The 400 for a bad text, naming its field in `details` as a validation error does. */
export const badTextError = ({ path, message }: BadText) => badField(path, message);

/**
 * The zod validator of every route, with one check before it for every body, query and param: a
 * NUL character or a lone surrogate is a 400 naming its field, not a database error. (Headers are
 * never stored.)
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const bad = findBadText(data);
    if (bad) return { error: badTextError(bad) };
    return validate(data);
  };
};

/**
 * JSON bodies are read as bytes and refused unless they are UTF-8 (over-long forms, encoded
 * surrogates, stray continuation bytes): decoding them as Fastify does would turn each into U+FFFD
 * silently. The refusal names the first field holding one where the body still parses.
 */
export function parseJsonAsUtf8(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parser: FastifyBodyParser<Buffer> = (request, body, done) => {
    if (isUtf8(body)) return parseJson(request, body.toString('utf8'), done);
    done(notUtf8(body), undefined);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser);
}

/** The 400 for a body that is not UTF-8: the field of its first replaced character when the body parses. */
function notUtf8(body: Buffer): AppError {
  try {
    const bad = findBadText(JSON.parse(body.toString('utf8')), (text) =>
      text.includes('\ufffd') ? UI_TEXT.invalidText : undefined,
    );
    if (bad) return badTextError(bad);
  } catch {
    // Not JSON either: the body as a whole is named.
  }
  return badRequest(UI_TEXT.invalidText);
}
