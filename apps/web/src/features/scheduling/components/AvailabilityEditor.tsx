import { UI_TEXT } from '@smart/contracts';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAvailability } from '../api';
import { AvailabilityForm } from './AvailabilityForm';

/** The signed-in advisor's availability, loaded, then edited in a form that starts from it. */
export function AvailabilityEditor() {
  const availability = useAvailability('me');
  if (availability.isPending) return <PageLoader label="Loading your availability..." />;
  if (availability.isError) {
    return (
      <LoadError
        message={availability.error.message || UI_TEXT.fetchAvailabilityFailed}
        onRetry={() => availability.refetch()}
        retrying={availability.isFetching}
      />
    );
  }
  // A new save (another tab, an admin) starts the form over from what is stored.
  return <AvailabilityForm key={availability.data.updatedAt ?? 'defaults'} availability={availability.data} />;
}
