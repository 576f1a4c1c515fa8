import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/**
 * An upstream SAML identity provider's metadata, read when its registry entry is written (docs/identity.md "SAML
 * 2.0"): one EntityDescriptor with an IDPSSODescriptor, a single sign-on endpoint with the HTTP-Redirect binding (the
 * AuthnRequest Gatehouse sends), and at least one signing certificate. Anything else is refused with the field it
 * came from, so a malformed document never reaches the sign-in.
 */
export interface SamlMetadata {
  entityId: string;
  ssoUrl: string;
  /** PEM, each a certificate node parsed. */
  certificates: string[];
}

export class MetadataError extends Error {}

/** Gatehouse's side of a SAML entry: what the upstream's administrator configures (docs/identity.md "SAML 2.0"). */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

/** The service-provider addresses of an entry, at the origin people reach Gatehouse at (the issuer's). */
export function samlServiceProvider(origin: string, providerId: string): SamlServiceProvider {
  const base = `${origin}${SAML_SP_PATH}/${providerId}`;
  return { entityId: base, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

/** Where the service-provider routes live (server/idp/oauth/routes.ts), at the root like Okta's `/sso/saml2/{idpId}`. */
export const SAML_SP_PATH = '/sso/saml2';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const select = xpath.useNamespaces({ md: MD, ds: DS });

const elements = (expression: string, node: Node): Element[] =>
  (select(expression, node) as Node[]).filter((n): n is Element => n.nodeType === 1);

const toPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

const isHttps = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
};

/** The metadata document's facts, or a MetadataError saying what is wrong with it. */
export function parseSamlMetadata(xml: string): SamlMetadata {
  // A DOCTYPE is never needed in metadata and is how entity-expansion attacks begin.
  if (/<!DOCTYPE/i.test(xml)) throw new MetadataError('must not have a DOCTYPE');
  const problems: string[] = [];
  const parser = new DOMParser({
    errorHandler: {
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(xml, 'text/xml');
  } catch {
    throw new MetadataError('is not XML');
  }
  // An empty document has no root element, whatever the DOM's types say.
  if (problems.length > 0 || (doc.documentElement as Element | null) === null) throw new MetadataError('is not XML');
  const descriptors = elements('//md:EntityDescriptor[md:IDPSSODescriptor]', doc);
  const [descriptor, another] = descriptors;
  if (descriptor === undefined) throw new MetadataError('has no EntityDescriptor with an IDPSSODescriptor');
  if (another !== undefined) throw new MetadataError('describes more than one identity provider');
  const entityId = descriptor.getAttribute('entityID')?.trim() ?? '';
  if (entityId === '' || entityId.length > 1000) throw new MetadataError('has no entityID');
  const idp = elements('md:IDPSSODescriptor', descriptor)[0];
  if (idp === undefined) throw new MetadataError('has no IDPSSODescriptor');
  const sso = elements(`md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']`, idp)[0];
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  if (ssoUrl === '') throw new MetadataError('has no SingleSignOnService with the HTTP-Redirect binding');
  if (!isHttps(ssoUrl) || ssoUrl.length > 1000)
    throw new MetadataError('has a SingleSignOnService that is not an https address');
  const keys = elements('md:KeyDescriptor[not(@use) or @use="signing"]', idp);
  const certificates: string[] = [];
  for (const key of keys)
    for (const node of elements('ds:KeyInfo/ds:X509Data/ds:X509Certificate', key)) {
      const pem = toPem(node.textContent.replace(/\s+/g, ''));
      try {
        new X509Certificate(pem);
      } catch {
        throw new MetadataError('has a signing certificate that cannot be read');
      }
      if (!certificates.includes(pem)) certificates.push(pem);
    }
  if (certificates.length === 0) throw new MetadataError('has no signing certificate');
  if (certificates.length > 10) throw new MetadataError('has more than ten signing certificates');
  return { entityId, ssoUrl, certificates };
}

/** Metadata documents larger than this are refused (the pasted field's limit, too). */
export const METADATA_MAX_CHARS = 200_000;
const FETCH_TIMEOUT_MS = 10_000;

/**
 * The metadata at an address (https, or http on a loopback host: the contract checked it), fetched when the entry is
 * written; redirects are not followed (the address given is the one read).
 */
export async function fetchSamlMetadata(url: string): Promise<string> {
  let answer: Response;
  try {
    answer = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
  } catch {
    throw new MetadataError('cannot be fetched');
  }
  if (answer.status !== 200) {
    await answer.body?.cancel();
    throw new MetadataError(`answered HTTP ${answer.status}`);
  }
  const declared = Number(answer.headers.get('content-length') ?? '0');
  if (declared > METADATA_MAX_CHARS * 4) {
    await answer.body?.cancel();
    throw new MetadataError('is too large');
  }
  const text = await answer.text();
  if (text.length > METADATA_MAX_CHARS) throw new MetadataError('is too large');
  return text;
}
