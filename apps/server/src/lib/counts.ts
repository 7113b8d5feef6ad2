/**
 * Stats endpoints (contracts countsSchema): a grouped query's rows as a count for every value of a
 * field, the values without rows included as 0.
 */
export function countsByValue<const Value extends string>(
  values: readonly Value[],
  rows: readonly { value: string; total: number }[],
): Record<Value, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<Value, number>;
  for (const row of rows) if (row.value in counts) counts[row.value as Value] += row.total;
  return counts;
}
