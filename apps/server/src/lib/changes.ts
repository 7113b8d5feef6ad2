/**
 * A partial update's changes, by column (PUT and PATCH bodies): the fields it gives. One left out
 * (undefined) is dropped, so its column stays as it is; null is given, and clears it.
 */
export function givenChanges<Fields extends Record<string, unknown>>(fields: Fields) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof Fields]?: Exclude<Fields[K], undefined>;
  };
}
