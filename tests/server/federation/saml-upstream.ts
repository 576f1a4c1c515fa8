import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider made by the test: a key pair and a self-signed certificate (openssl, made afresh for
 * each run), its metadata, and Responses signed here the way an upstream signs them (xml-crypto, RSA-SHA256,
 * enveloped signature, exclusive c14n), or tampered with, unsigned, expired, addressed to someone else.
 */
export interface SamlSigner {
  entityId: string;
  ssoUrl: string;
  privateKey: string;
  certificate: string;
  metadata: string;
}

export function makeSamlUpstream(entityId = 'https://idp.initrode.test/saml'): SamlSigner {
  const dir = mkdtempSync(join(tmpdir(), 'saml-upstream-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=idp.initrode.test',
      ],
      { stdio: 'ignore' },
    );
    const privateKey = readFileSync(join(dir, 'key.pem'), 'utf8');
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const ssoUrl = 'https://idp.initrode.test/saml/sso';
    return { entityId, ssoUrl, privateKey, certificate, metadata: metadataOf(entityId, ssoUrl, certificate) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const certBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

export function metadataOf(entityId: string, ssoUrl: string, certificate: string): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody(certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** The AuthnRequest a redirect to the upstream carries (HTTP-Redirect binding: deflated, base64). */
export function authnRequestOf(location: URL) {
  const xml = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  return {
    xml,
    id: /\bID="([^"]+)"/.exec(xml)?.[1] ?? '',
    relayState: location.searchParams.get('RelayState') ?? '',
  };
}

export interface AssertionOptions {
  requestId: string;
  acsUrl: string;
  audience: string;
  nameId: string;
  email?: string;
  attributes?: Record<string, string>;
  issuer?: string;
  assertionId?: string;
  /** Minutes from now the assertion ends (negative: expired). */
  validMinutes?: number;
  sign?: 'assertion' | 'response' | 'none';
  /** Applied to the signed XML (a tampered answer). */
  tamper?: (xml: string) => string;
  /** Another key signs (not the one in the metadata). */
  privateKey?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A Response with one assertion, base64 as the HTTP-POST binding sends it. */
export function samlResponse(upstream: SamlSigner, options: AssertionOptions): { base64: string; assertionId: string } {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const end = iso(now + (options.validMinutes ?? 5) * 60_000);
  const assertionId = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
  const issuer = options.issuer ?? upstream.entityId;
  const attributes = { ...(options.email ? { email: options.email } : {}), ...options.attributes };
  const attributeXml = Object.entries(attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${escape(issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escape(options.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${options.requestId}" NotOnOrAfter="${end}" Recipient="${options.acsUrl}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${end}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributeXml ? `<saml:AttributeStatement>${attributeXml}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
  const responseId = `_r${randomBytes(16).toString('hex')}`;
  let xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${iso(now)}" Destination="${options.acsUrl}" InResponseTo="${options.requestId}"><saml:Issuer>${escape(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  const sign = options.sign ?? 'assertion';
  if (sign !== 'none') {
    const target = sign === 'assertion' ? 'Assertion' : 'Response';
    const signer = new SignedXml({
      privateKey: options.privateKey ?? upstream.privateKey,
      publicCert: upstream.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: `/*[local-name(.)='Response']${target === 'Assertion' ? "/*[local-name(.)='Assertion']" : ''}`,
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, {
      location: {
        reference: `/*[local-name(.)='Response']${target === 'Assertion' ? "/*[local-name(.)='Assertion']" : ''}/*[local-name(.)='Issuer']`,
        action: 'after',
      },
    });
    xml = signer.getSignedXml();
  }
  if (options.tamper) xml = options.tamper(xml);
  return { base64: Buffer.from(xml, 'utf8').toString('base64'), assertionId };
}
