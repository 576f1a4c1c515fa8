import { lazy, Suspense } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PublicLayout } from '../layouts/PublicLayout';
import { LoginPage } from '../pages/LoginPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { TransitPage } from '../pages/TransitPage';
import { pageTitles } from '../pages/page-titles';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { PageNotFound } from '../ui/PageNotFound';
import { resolveRoute, type RouteId } from './routes';

// The admin and board areas are their own chunks: a visitor of the public pages never downloads them.
const AdminArea = lazy(() => import('./AdminArea'));
const BoardArea = lazy(() => import('./BoardArea'));

/** Renders the route table (src/app/routes.ts) for the current address. */
export function RouteView() {
  const [path] = useLocation();
  const search = useSearch();
  const resolved = resolveRoute(path);
  if (resolved.kind === 'redirect') return <Redirect to={search ? `${resolved.to}?${search}` : resolved.to} replace />;
  if (resolved.kind === 'notFound') {
    return (
      <PublicLayout>
        <PageNotFound />
      </PublicLayout>
    );
  }
  const { route } = resolved;
  switch (route.layout) {
    case 'admin':
      return (
        <Suspense fallback={<FullScreenSpinner />}>
          <AdminArea routeId={route.id} />
        </Suspense>
      );
    case 'board':
      return (
        <Suspense fallback={<FullScreenSpinner />}>
          <BoardArea routeId={route.id} />
        </Suspense>
      );
    case 'public':
      return (
        <PublicLayout>
          <PublicPage routeId={route.id} />
        </PublicLayout>
      );
  }
}

/** The page of a public route: the login flow's screens, the pages one only passes through, or a placeholder. */
function PublicPage({ routeId }: { routeId: RouteId }) {
  switch (routeId) {
    case 'login':
    case 'publicAdmin':
    case 'sso':
      return <LoginPage />;
    case 'loginCallback':
    case 'logout':
      return <TransitPage title={pageTitles[routeId]} />;
    default:
      return <PlaceholderPage title={pageTitles[routeId]} />;
  }
}
