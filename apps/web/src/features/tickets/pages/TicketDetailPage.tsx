import { PageLoader } from '@/components/PageLoader';

export default function TicketDetailPage() {
  return <PageLoader />;
}
