import type { ProfileUpdateBody, User } from '@smart/contracts';

/** The editable personal fields, as plain strings for inputs. */
export interface PersonalInfoValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  bio: string;
  location: string;
  website: string;
}

export function valuesFromUser(user: User): PersonalInfoValues {
  return {
    firstName: user.profile.firstName || user.firstName || '',
    lastName: user.profile.lastName || user.lastName || '',
    email: user.email,
    phone: user.meta.phone ?? '',
    jobTitle: user.meta.jobTitle ?? '',
    bio: user.meta.bio ?? '',
    location: user.meta.location ?? '',
    website: user.meta.website ?? '',
  };
}

/** Names go both to `profile` and to the top-level fallbacks, as the user's shape keeps both. */
export function updateBodyFrom(values: PersonalInfoValues): ProfileUpdateBody {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    firstName,
    lastName,
    profile: { firstName, lastName },
    email: values.email.trim(),
    meta: {
      phone: values.phone,
      jobTitle: values.jobTitle,
      bio: values.bio,
      location: values.location,
      website: values.website,
    },
  };
}
