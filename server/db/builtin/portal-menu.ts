import type { Role } from '@contracts/resources';
import type { Culture } from '@contracts/culture';

export { PORTAL_MENU_SECTION } from '@contracts/resources';

interface PortalMenuItem {
  linkUrl: string;
  imageName: string;
  caption: Record<Culture, string>;
  roleAccess: readonly Role[];
}

/**
 * The portal's left menu (section `Portal`), in order: product data, not demo data. Every start adds the entries a
 * database lacks (`ensurePortalMenu`), so a new install has a menu without the demo world and an upgraded one gets the
 * entries of the pages its new release brings. An entry a page adds goes here.
 */
export const portalMenu: readonly PortalMenuItem[] = [
  {
    linkUrl: '/dashboard',
    imageName: 'layout-dashboard',
    caption: { 'en-us': 'Dashboard', es: 'Panel' },
    roleAccess: ['admin', 'clientadmin'],
  },
  {
    linkUrl: '/application',
    imageName: 'app-window',
    caption: { 'en-us': 'Applications', es: 'Aplicaciones' },
    roleAccess: ['admin'],
  },
  {
    linkUrl: '/client',
    imageName: 'building-2',
    caption: { 'en-us': 'Clients', es: 'Clientes' },
    roleAccess: ['admin'],
  },
  {
    linkUrl: '/field',
    imageName: 'text-cursor-input',
    caption: { 'en-us': 'Fields', es: 'Campos' },
    roleAccess: ['admin'],
  },
  {
    linkUrl: '/template',
    imageName: 'layout-template',
    caption: { 'en-us': 'Templates', es: 'Plantillas' },
    roleAccess: ['admin'],
  },
  {
    linkUrl: '/manageUsers',
    imageName: 'users',
    caption: { 'en-us': 'Users', es: 'Usuarios' },
    roleAccess: ['admin', 'clientadmin'],
  },
  {
    linkUrl: '/faqEditor',
    imageName: 'circle-help',
    caption: { 'en-us': 'Help page', es: 'Página de ayuda' },
    roleAccess: ['admin', 'clientadmin'],
  },
  // A client's terms of use and privacy notice (issue 34 item 2): a client administrator's own client, any for the
  // provider administrator.
  {
    linkUrl: '/termsEditor',
    imageName: 'handshake',
    caption: { 'en-us': 'Terms of use', es: 'Condiciones de uso' },
    roleAccess: ['admin', 'clientadmin'],
  },
  {
    linkUrl: '/auditLog',
    imageName: 'scroll-text',
    caption: { 'en-us': 'Audit log', es: 'Registro de auditoría' },
    roleAccess: ['admin', 'clientadmin'],
  },
  {
    linkUrl: '/errorLog',
    imageName: 'bug',
    caption: { 'en-us': 'Error log', es: 'Registro de errores' },
    roleAccess: ['admin', 'clientadmin'],
  },
  // The identity provider's API tokens (issue 33 item 1): the provider administrator's alone.
  {
    linkUrl: '/apiTokens',
    imageName: 'key-round',
    caption: { 'en-us': 'API tokens', es: 'Tokens de API' },
    roleAccess: ['admin'],
  },
  // The federation registry (issue 31 item 1): upstream identity providers, the provider administrator's alone.
  {
    linkUrl: '/identityProviders',
    imageName: 'waypoints',
    caption: { 'en-us': 'Identity providers', es: 'Proveedores de identidad' },
    roleAccess: ['admin'],
  },
  // An agent finds a person of their client and edits them in Agent mode (docs/flows/find-person.md).
  {
    linkUrl: '/findPerson',
    imageName: 'user-search',
    caption: { 'en-us': 'Find a person', es: 'Buscar a una persona' },
    roleAccess: ['agent'],
  },
  {
    linkUrl: '/board/index',
    imageName: 'layout-grid',
    caption: { 'en-us': 'My applications', es: 'Mis aplicaciones' },
    roleAccess: ['admin', 'clientadmin', 'user', 'agent'],
  },
];
