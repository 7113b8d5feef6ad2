import { MESSAGES } from '@smart/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Whether a string or object key anywhere inside a parsed body or query holds a NUL character,
 * which PostgreSQL refuses in text. Walks with its own stack, so deep nesting cannot overflow.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * The zod validator of every route, with one check before it for every body, query and param:
 * a NUL character is a 400, not a database error. (Headers are never stored.)
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    if (containsNul(data)) return { error: badRequest(MESSAGES.nulCharacter) };
    return validate(data);
  };
};
