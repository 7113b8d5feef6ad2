import { DEFAULT_CURRENCY } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';

/*
 * An invoice's lines and totals, in SQL (decision 0290). Amounts are integers of the currency's
 * minor units computed with numeric, which is exact: a line is its minutes × the hourly rate / 60,
 * rounded half up to a minor unit; the tax is the subtotal × the tax rate's basis points / 10,000,
 * rounded half up; the total is their sum. No float touches an amount.
 */

/**
 * Whether the entry under `alias` lies in approved time of its person and organization: the hours
 * an invoice bills (time_approvals_person_idx).
 */
export const approvedTime = (alias: string) =>
  sql.raw(`exists (select 1 from time_approvals a where a.user_id = ${alias}.user_id
    and a.organization_id = ${alias}.organization_id and a.status = 'approved'
    and ${alias}.date between a.period_start and a.period_end)`);

/** A month's days as SQL from its first day (a `date`). */
export const monthEnd = (month: SQL) => sql`((${month})::date + interval '1 month' - interval '1 day')::date`;

/**
 * The lines of an organization's month as they are now: its approved billable entries grouped by
 * advisor, task or ticket and the advisor's rate on the entry's day (the latest rate starting on
 * or before it; null when it has none, amount 0). Columns: advisor_id, advisor_name, record_type,
 * record_id, record_title, minutes, rate, amount. Ordered as the invoice prints them.
 */
export function draftLines(organizationId: SQL, month: SQL): SQL {
  return sql`select e.user_id as advisor_id,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as advisor_name,
      e.record_type, coalesce(e.task_id, e.ticket_id) as record_id,
      coalesce(t.title, k.title, '') as record_title,
      sum(e.minutes)::int as minutes, r.rate,
      coalesce(round(sum(e.minutes)::numeric * r.rate / 60), 0)::bigint as amount
    from time_entries e
      join users u on u.id = e.user_id
      left join tasks t on t.id = e.task_id
      left join tickets k on k.id = e.ticket_id
      left join lateral (
        select ar.hourly_rate_minor as rate from advisor_rates ar
        where ar.organization_id = e.organization_id and ar.advisor_id = e.user_id and ar.effective_from <= e.date
        order by ar.effective_from desc limit 1
      ) r on true
    where e.organization_id = ${organizationId} and e.billable
      and e.date between (${month})::date and ${monthEnd(month)}
      and ${approvedTime('e')}
    group by e.user_id, u.first_name, u.last_name, u.email, e.record_type, coalesce(e.task_id, e.ticket_id),
      coalesce(t.title, k.title, ''), r.rate`;
}

/** The tax on a subtotal at a rate in basis points, rounded half up to a minor unit (numeric: no overflow, no float). */
export const taxOf = (subtotal: SQL, basisPoints: SQL) =>
  sql`round(${subtotal}::numeric * ${basisPoints} / 10000)::bigint`;

/** The order lines print in: by advisor, then task or ticket, then rate. */
export const LINE_ORDER = sql.raw('advisor_name, advisor_id, record_title, record_id, rate');

/**
 * A draft's totals from its lines, always one row: minutes, subtotal, tax and total, with the
 * organization's currency and tax rate (the defaults when it set none). Columns: minutes,
 * subtotal, tax, total, currency, tax_rate.
 */
export function draftTotals(organizationId: SQL, month: SQL): SQL {
  return sql`select t.minutes, t.subtotal, ${taxOf(sql`t.subtotal`, sql`s.tax_rate`)} as tax,
      t.subtotal + ${taxOf(sql`t.subtotal`, sql`s.tax_rate`)} as total, s.currency, s.tax_rate
    from (select coalesce(sum(l.minutes), 0)::int as minutes, coalesce(sum(l.amount), 0)::bigint as subtotal
      from (${draftLines(organizationId, month)}) l) t
    cross join (select
      coalesce((select currency from invoicing_settings where organization_id = ${organizationId}), ${DEFAULT_CURRENCY}) as currency,
      coalesce((select tax_rate_basis_points from invoicing_settings where organization_id = ${organizationId}), 0) as tax_rate) s`;
}
