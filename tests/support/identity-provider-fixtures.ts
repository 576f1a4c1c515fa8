import type { OidcIdentityProvider, SamlIdentityProvider } from '@contracts/admin/identity-providers';
import type { ServedClientChoice } from '@machines/identity-provider-dialog/identity-provider-dialog.machine';

/** Rows of the federation registry (issue 31 item 1) for the dialog's and the page's tests, one of each kind. */
export const servedClients: ServedClientChoice[] = [
  { id: '0b6f7a1e-3c1d-4a55-9a57-1f1b6c7d8e01', name: 'Acme Insurance' },
  { id: '0b6f7a1e-3c1d-4a55-9a57-1f1b6c7d8e02', name: 'Globex' },
];

export const oidcProvider = (over: Partial<OidcIdentityProvider> = {}): OidcIdentityProvider => ({
  id: '0oaACMEWORKFORCE0001',
  name: 'Acme Workforce',
  kind: 'oidc',
  issuer: 'https://login.acme.test/',
  clientId: 'gatehouse',
  hasClientSecret: true,
  scopes: 'openid email profile',
  claimMapping: { given_name: 'FirstName' },
  clientIdServed: servedClients[0]!.id,
  clientNameServed: servedClients[0]!.name,
  version: 3,
  ...over,
});

export const samlProvider = (over: Partial<SamlIdentityProvider> = {}): SamlIdentityProvider => ({
  id: '0oaGLOBEXSAML0000001',
  name: 'Globex ADFS',
  kind: 'saml',
  metadataUrl: 'https://adfs.globex.test/FederationMetadata.xml',
  entityId: 'http://adfs.globex.test/adfs/services/trust',
  ssoUrl: 'https://adfs.globex.test/adfs/ls/',
  spEntityId: 'https://gatehouse.test/saml/0oaGLOBEXSAML0000001',
  acsUrl: 'https://gatehouse.test/sso/saml2/0oaGLOBEXSAML0000001',
  spMetadataUrl: 'https://gatehouse.test/sso/saml2/0oaGLOBEXSAML0000001/metadata',
  claimMapping: { 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'FirstName' },
  clientIdServed: null,
  clientNameServed: null,
  version: 1,
  ...over,
});
