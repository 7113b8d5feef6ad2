import { type AnyPgColumn, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * The columns most tables share, written once. Function declarations, each call a new column: the
 * tables' files import each other (users ↔ organizations), and a table may call these while the
 * files are still loading.
 */

/** A row's own key: a random uuid. */
export function id() {
  return uuid('id').primaryKey().defaultRandom();
}

/** When the row was written. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row was written and when it last changed. */
export function timestamps() {
  return {
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The organization the row belongs to: deleting the organization deletes it. */
export function organizationColumn() {
  return uuid('organization_id')
    .notNull()
    .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' });
}

/** The person the row belongs to: deleting the person deletes it. */
export function ownerColumn<Name extends string>(name: Name) {
  return uuid(name)
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });
}

/** A person the row names (its creator, its actor…): the row stays when the person goes, naming nobody. */
export function personColumn<Name extends string>(name: Name) {
  return uuid(name).references((): AnyPgColumn => users.id, { onDelete: 'set null' });
}

/** A comment's columns after its record's: its author, its text and whom it mentions, and when. */
export function commentColumns() {
  return {
    authorId: personColumn('author_id'),
    text: text('text').notNull(),
    /** The people the text mentions (@), by id: they are notified. */
    mentions: uuid('mentions').array().notNull().default([]),
    createdAt: createdAt(),
  };
}

/** A history line's columns after its record's: who changed what (`kind`), from → to as text, and when. */
export function changeColumns<Kind>(kind: Kind) {
  return {
    actorId: personColumn('actor_id'),
    kind,
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  };
}
