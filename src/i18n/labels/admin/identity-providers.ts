import { msg } from '@lingui/core/macro';

/** The identity providers page (issue 31 item 1): the federation registry and its dialog. */
export const identityProviderLabels = {
  IdentityProvider_Button_Add: msg({ id: 'IdentityProvider_Button_Add', message: 'Add identity provider' }),
  IdentityProvider_Button_ConfirmDelete: msg({
    id: 'IdentityProvider_Button_ConfirmDelete',
    message: 'Delete identity provider',
  }),
  IdentityProvider_Text_DeleteConfirm: msg({
    id: 'IdentityProvider_Text_DeleteConfirm',
    message: 'Delete the identity provider {name}? A client that signs in with it goes back to the sign-in page.',
  }),
  IdentityProvider_Text_InsertFailTitle: msg({
    id: 'IdentityProvider_Text_InsertFailTitle',
    message: 'The identity provider could not be created',
  }),
  IdentityProvider_Text_UpdateFailTitle: msg({
    id: 'IdentityProvider_Text_UpdateFailTitle',
    message: 'The identity provider could not be updated',
  }),
  IdentityProvider_Text_DeleteFailTitle: msg({
    id: 'IdentityProvider_Text_DeleteFailTitle',
    message: 'The identity provider could not be deleted',
  }),
  IdentityProvider_Text_CreateTitle: msg({ id: 'IdentityProvider_Text_CreateTitle', message: 'Add identity provider' }),
  IdentityProvider_Text_UpdateTitle: msg({
    id: 'IdentityProvider_Text_UpdateTitle',
    message: 'Edit identity provider',
  }),
  IdentityProvider_Button_Save: msg({ id: 'IdentityProvider_Button_Save', message: 'Save' }),
  IdentityProvider_Button_Cancel: msg({ id: 'IdentityProvider_Button_Cancel', message: 'Cancel' }),
  IdentityProvider_Text_Stale: msg({
    id: 'IdentityProvider_Text_Stale',
    message:
      'Someone else changed this identity provider after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  IdentityProvider_Field_Name: msg({ id: 'IdentityProvider_Field_Name', message: 'Name' }),
  IdentityProvider_Field_Kind: msg({ id: 'IdentityProvider_Field_Kind', message: 'Protocol' }),
  IdentityProvider_Option_Oidc: msg({ id: 'IdentityProvider_Option_Oidc', message: 'OpenID Connect' }),
  IdentityProvider_Option_Saml: msg({ id: 'IdentityProvider_Option_Saml', message: 'SAML 2.0' }),
  IdentityProvider_Field_Issuer: msg({ id: 'IdentityProvider_Field_Issuer', message: 'Issuer' }),
  IdentityProvider_Field_ClientId: msg({ id: 'IdentityProvider_Field_ClientId', message: 'Client ID' }),
  IdentityProvider_Field_ClientSecret: msg({ id: 'IdentityProvider_Field_ClientSecret', message: 'Client secret' }),
  IdentityProvider_Text_SecretSet: msg({
    id: 'IdentityProvider_Text_SecretSet',
    message: 'A secret is set. Leave this blank to keep it, or type a new one to replace it.',
  }),
  IdentityProvider_Field_Scopes: msg({ id: 'IdentityProvider_Field_Scopes', message: 'Scopes' }),
  IdentityProvider_Field_MetadataSource: msg({
    id: 'IdentityProvider_Field_MetadataSource',
    message: 'Metadata',
  }),
  IdentityProvider_Option_MetadataUrl: msg({
    id: 'IdentityProvider_Option_MetadataUrl',
    message: 'Read from an address',
  }),
  IdentityProvider_Option_MetadataXml: msg({ id: 'IdentityProvider_Option_MetadataXml', message: 'Paste the XML' }),
  IdentityProvider_Field_MetadataUrl: msg({ id: 'IdentityProvider_Field_MetadataUrl', message: 'Metadata address' }),
  IdentityProvider_Field_MetadataXml: msg({ id: 'IdentityProvider_Field_MetadataXml', message: 'Metadata XML' }),
  IdentityProvider_Text_MetadataKept: msg({
    id: 'IdentityProvider_Text_MetadataKept',
    message: 'Leave this blank to keep the metadata stored.',
  }),
  IdentityProvider_Field_EntityId: msg({ id: 'IdentityProvider_Field_EntityId', message: 'Upstream entity ID' }),
  IdentityProvider_Field_SsoUrl: msg({ id: 'IdentityProvider_Field_SsoUrl', message: 'Upstream sign-in address' }),
  IdentityProvider_Text_SpValues: msg({
    id: 'IdentityProvider_Text_SpValues',
    message: 'Give these values to the upstream provider:',
  }),
  IdentityProvider_Field_SpEntityId: msg({ id: 'IdentityProvider_Field_SpEntityId', message: 'Our entity ID' }),
  IdentityProvider_Field_AcsUrl: msg({
    id: 'IdentityProvider_Field_AcsUrl',
    message: 'Assertion consumer service address',
  }),
  IdentityProvider_Field_SpMetadataUrl: msg({
    id: 'IdentityProvider_Field_SpMetadataUrl',
    message: 'Our metadata address',
  }),
  IdentityProvider_Button_Copy: msg({ id: 'IdentityProvider_Button_Copy', message: 'Copy {what}' }),
  IdentityProvider_Field_ClientServed: msg({ id: 'IdentityProvider_Field_ClientServed', message: 'Client served' }),
  IdentityProvider_Text_NoClient: msg({ id: 'IdentityProvider_Text_NoClient', message: 'None' }),
  IdentityProvider_Text_ClaimMapping: msg({
    id: 'IdentityProvider_Text_ClaimMapping',
    message: 'Claim mapping',
  }),
  IdentityProvider_Field_Claim: msg({ id: 'IdentityProvider_Field_Claim', message: 'Claim {row}' }),
  IdentityProvider_Field_ProfileField: msg({
    id: 'IdentityProvider_Field_ProfileField',
    message: 'Profile field of claim {row}',
  }),
  IdentityProvider_Option_FirstName: msg({ id: 'IdentityProvider_Option_FirstName', message: 'First name' }),
  IdentityProvider_Option_LastName: msg({ id: 'IdentityProvider_Option_LastName', message: 'Last name' }),
  IdentityProvider_Option_Culture: msg({ id: 'IdentityProvider_Option_Culture', message: 'Language' }),
  IdentityProvider_Button_AddClaim: msg({ id: 'IdentityProvider_Button_AddClaim', message: 'Add claim' }),
  IdentityProvider_Button_RemoveClaim: msg({
    id: 'IdentityProvider_Button_RemoveClaim',
    message: 'Remove claim {row}',
  }),
  IdentityProvider_Text_ClaimProblem: msg({
    id: 'IdentityProvider_Text_ClaimProblem',
    message:
      'Each claim needs a name of letters, digits, underscores, colons, dots or hyphens (for SAML also slashes and #), a field, and to appear once.',
  }),
  IdentityProvider_Text_SearchName: msg({
    id: 'IdentityProvider_Text_SearchName',
    message: 'Name',
    comment: 'Filter type',
  }),
  IdentityProvider_Text_SearchKind: msg({
    id: 'IdentityProvider_Text_SearchKind',
    message: 'Protocol',
    comment: 'Filter type',
  }),
  IdentityProvider_Text_SearchClient: msg({
    id: 'IdentityProvider_Text_SearchClient',
    message: 'Client served',
    comment: 'Filter type',
  }),
  IdentityProvider_Field_Upstream: msg({ id: 'IdentityProvider_Field_Upstream', message: 'Upstream' }),
  IdentityProvider_Field_Secret: msg({ id: 'IdentityProvider_Field_Secret', message: 'Secret' }),
  IdentityProvider_Text_Set: msg({ id: 'IdentityProvider_Text_Set', message: 'set' }),
  IdentityProvider_Text_NotSet: msg({ id: 'IdentityProvider_Text_NotSet', message: 'not set' }),
};
