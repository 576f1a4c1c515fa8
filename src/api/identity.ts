import * as v from 'valibot';
import { ProfileValidateResultSchema, type ProfileValidateResult } from '@contracts/profile';
import { PublicConfigSchema, type PublicConfig } from '@contracts/public-config';
import { MenuSchema, SiteProfileSchema, type Menu, type SiteProfile } from '@contracts/resources';
import type { Culture } from '@contracts/culture';
import { OtpTokenSchema, type OtpDto, type OtpToken } from '@contracts/otp-token';
import { http, type CallOptions } from './http';

/**
 * GET config/public: the okta-auth-js settings (issuer, client id, redirect URI, scopes) and which captcha the public
 * forms show (`captcha`: ALTCHA's challenge URL or reCAPTCHA's site key, for `src/ui/captcha/Captcha`).
 */
export async function getPublicConfig(options: CallOptions = {}): Promise<PublicConfig> {
  return v.parse(PublicConfigSchema, await http.get('config/public', options).json());
}

/** POST profile/validate?clientId&applicationName&culture with the bearer token (spec §7). */
export async function validateProfile(
  input: { clientId: string | undefined; applicationName: string | undefined; culture: Culture },
  options: CallOptions = {},
): Promise<ProfileValidateResult> {
  const searchParams = new URLSearchParams({ culture: input.culture });
  if (input.clientId) searchParams.set('clientId', input.clientId);
  if (input.applicationName) searchParams.set('applicationName', input.applicationName);
  return v.parse(
    ProfileValidateResultSchema,
    await http.post('profile/validate', { searchParams, json: {}, ...options }).json(),
  );
}

/** GET resource/menus?menuSection&clientId&culture. */
export async function getMenu(
  input: { section: string; clientId: string; culture: Culture },
  options: CallOptions = {},
): Promise<Menu> {
  const searchParams = new URLSearchParams({
    menuSection: input.section,
    clientId: input.clientId,
    culture: input.culture,
  });
  return v.parse(MenuSchema, await http.get('resource/menus', { searchParams, ...options }).json());
}

/**
 * GET Resource/siteConfiguration?[login][&clientId]: the client a typed username belongs to (its prefix for the username
 * rule): the login's prefix, else its e-mail domain, else the page's client `clientId`, else the provider. Without a
 * login, the page's client's profile (the SSO screen's SSOID).
 */
export async function getSiteConfiguration(
  { login, clientId }: { login?: string | undefined; clientId?: string | undefined },
  options: CallOptions = {},
): Promise<SiteProfile> {
  const searchParams = new URLSearchParams();
  if (login !== undefined) searchParams.set('login', login);
  if (clientId !== undefined) searchParams.set('clientId', clientId);
  return v.parse(SiteProfileSchema, await http.get('resource/siteConfiguration', { searchParams, ...options }).json());
}

/**
 * POST Auth/GenerateOtpToken (spec §7): a one-time token for one application link (`{otpToken}`, §9), for the OtpDto
 * of the signed-in person. The launcher sends the access token the call itself carries and what it knows of the person;
 * no refresh token, so an application never gets more than the hour the access token has left.
 */
export async function generateOtpToken(
  input: { accessToken: string; userInformation: OtpDto['userInformation'] },
  options: CallOptions = {},
): Promise<OtpToken> {
  const json: OtpDto = { bearerToken: input.accessToken, refreshToken: '', userInformation: input.userInformation };
  return v.parse(OtpTokenSchema, await http.post('Auth/GenerateOtpToken', { json, ...options }).json());
}
