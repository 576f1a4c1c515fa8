import { AdminLayout } from '../layouts/AdminLayout';
import { adminPages, isAdminRoute } from './admin-pages';
import { GuardedArea } from './GuardedArea';
import type { RouteId } from './routes';

/** The admin area (lazy chunk, behind the authorisation guard): its layout and the page of the route. */
export default function AdminArea({ routeId }: { routeId: RouteId }) {
  if (!isAdminRoute(routeId)) return null;
  const Page = adminPages[routeId];
  return (
    <GuardedArea>
      <AdminLayout>
        <Page />
      </AdminLayout>
    </GuardedArea>
  );
}
