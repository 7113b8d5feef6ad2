import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonFileStream } from '../../src/lib/json-file.js';

/** lib/json-file.ts: a JSON object streamed list by list, each value written by its schema. */
const fileSchema = z.object({
  exportedAt: z.string(),
  person: z.object({ id: z.string(), name: z.string() }),
  notes: z.array(z.object({ id: z.number(), text: z.string() })),
  empty: z.array(z.object({ id: z.number() })),
});

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list;
}

async function textOf(stream: NodeJS.ReadableStream) {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('a streamed JSON file', () => {
  it('writes the fields in the schema’s order, every batch of a list, and only the declared fields', async () => {
    const person = { id: 'p1', name: 'Mia', passwordHash: '$argon2id$secret' };
    const text = await textOf(
      jsonFileStream(fileSchema, {
        exportedAt: '2031-03-10T09:30:00.000Z',
        person,
        notes: batches(
          [{ id: 1, text: 'one' }],
          [],
          [
            { id: 2, text: 'two "quoted"' },
            { id: 3, text: 'three' },
          ],
        ),
        empty: batches(),
      }),
    );
    expect(text).not.toContain('argon2');
    expect(JSON.parse(text)).toEqual({
      exportedAt: '2031-03-10T09:30:00.000Z',
      person: { id: 'p1', name: 'Mia' },
      notes: [
        { id: 1, text: 'one' },
        { id: 2, text: 'two "quoted"' },
        { id: 3, text: 'three' },
      ],
      empty: [],
    });
    expect(Object.keys(JSON.parse(text))).toEqual(['exportedAt', 'person', 'notes', 'empty']);
  });

  it('reads a batch only when the reader has taken the one before, and none after it stops', async () => {
    let asked = 0;
    async function* counted() {
      for (let i = 0; i < 1_000; i += 1) {
        asked += 1;
        // About 40 KB a batch: the stream's buffer holds two at most.
        yield Array.from({ length: 1_000 }, (_, id) => ({ id, text: 'x'.repeat(30) }));
      }
    }
    const stream = jsonFileStream(fileSchema, {
      exportedAt: 'now',
      person: { id: 'p1', name: 'Mia' },
      notes: counted(),
      empty: batches(),
    });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.return?.();
    expect(asked).toBeLessThan(5);
  });
});
