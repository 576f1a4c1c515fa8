import type { ComponentType } from 'react';
import { ApplicationsPage } from '../admin/applications/ApplicationsPage';
import { ClientsPage } from '../admin/clients/ClientsPage';
import { DashboardPage } from '../admin/dashboard/DashboardPage';
import { FieldsPage } from '../admin/fields/FieldsPage';
import { TemplatesPage } from '../admin/templates/TemplatesPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { pageTitles } from '../pages/page-titles';

export type AdminRouteId = 'dashboard' | 'application' | 'template' | 'client' | 'field' | 'profile' | 'manageUsers';

/** A page a later issue builds: it says what it is and that it is not there yet, never pretends. */
const placeholder =
  (id: AdminRouteId): ComponentType =>
  () => <PlaceholderPage title={pageTitles[id]} />;

/**
 * The page of each admin route (one line each; the admin area is already a lazy chunk, so pages are imported
 * directly). Pages live in src/admin/<page>/.
 */
export const adminPages: Record<AdminRouteId, ComponentType> = {
  dashboard: DashboardPage,
  application: ApplicationsPage,
  template: TemplatesPage,
  client: ClientsPage,
  field: FieldsPage,
  profile: placeholder('profile'),
  manageUsers: placeholder('manageUsers'),
};

export const isAdminRoute = (id: string): id is AdminRouteId => Object.hasOwn(adminPages, id);
