import { AdminLayout } from '../layouts/AdminLayout';
import { GuardedArea, PageWhileSignedIn } from './GuardedArea';
import type { LayoutProps } from './RouteView';

/** The admin frame (lazy chunk): the authorisation guard, then the admin layout around the route's page. */
export default function AdminArea({ children }: LayoutProps) {
  return (
    <GuardedArea>
      <AdminLayout>
        <PageWhileSignedIn>{children}</PageWhileSignedIn>
      </AdminLayout>
    </GuardedArea>
  );
}
