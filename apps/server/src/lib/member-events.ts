import {
  type DomainEventInput,
  domainEvent,
  type MEMBER_ADDED_HOW,
  type MEMBER_REMOVED_HOW,
  type Role,
} from '@smart/contracts';

/*
 * A person joining or leaving an organization, as the domain-event stream hears it
 * (docs/decisions/0278-webhook-events-and-payloads.md): added, imported, reactivated and moved in;
 * deactivated and moved out. Written by the users and imports services in the change's transaction.
 */

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** A person's name as others see it: never the e-mail address. */
export const memberName = (person: Pick<Member, 'firstName' | 'lastName'>) =>
  [person.firstName, person.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

const memberRef = (person: Member) => ({ userId: person.id, name: memberName(person), role: person.role });

export const memberAdded = (
  organizationId: string,
  person: Member,
  how: (typeof MEMBER_ADDED_HOW)[number],
  actorId: string,
): DomainEventInput => domainEvent('member.added', organizationId, actorId, { ...memberRef(person), how });

export const memberRemoved = (
  organizationId: string,
  person: Member,
  how: (typeof MEMBER_REMOVED_HOW)[number],
  actorId: string,
): DomainEventInput => domainEvent('member.removed', organizationId, actorId, { ...memberRef(person), how });
