import type { SnapshotFrom } from 'xstate';
import { allowsCodeReset } from '@contracts/resources';
import { requestKeyOf, type resourcesMachine } from './resources.machine';

type ResourcesSnapshot = SnapshotFrom<typeof resourcesMachine>;

/** True until the first page's resources have settled (loaded or failed): the shell shows a spinner meanwhile. */
export const selectIsStarting = (s: ResourcesSnapshot): boolean => s.context.loaded === undefined && s.hasTag('busy');

export const selectCulture = (s: ResourcesSnapshot) => s.context.activeCulture;

/** Spec §9 ShowLoginAttemptCounter (default true): a client may hide the login attempt counter. */
export const selectShowsAttemptCounter = (s: ResourcesSnapshot): boolean =>
  (s.context.settings.ShowLoginAttemptCounter ?? 'true').trim().toLowerCase() === 'true';

/**
 * Issue 9: the client of the page on screen allows sign-up (its AutoSignUp). False while another client's or page's
 * answer is still the one loaded, so a link never offers the sign-up of a client that has none.
 */
export const selectAllowsSignUp = (s: ResourcesSnapshot): boolean =>
  s.context.allowsSignUp && s.context.loaded?.key === requestKeyOf(s.context.request);

/**
 * Issue 29 §4: the page on screen's client allows the one-time-code password reset (AllowPasswordResetWithOTP, on
 * unless it is the text "false"), so the login page links to it. False while another page's answer is the one loaded,
 * like selectAllowsSignUp.
 */
export const selectAllowsCodeReset = (s: ResourcesSnapshot): boolean =>
  allowsCodeReset(s.context.settings) && s.context.loaded?.key === requestKeyOf(s.context.request);

/**
 * Issue 13: the colours the public pages wear (the client's, else the provider's). The last loaded page's theme stays
 * while the next page's resources load, so moving between pages of one client never flashes the default look.
 */
export const selectTheme = (s: ResourcesSnapshot) => s.context.theme;

/**
 * Spec §2 and §8: some labels (the login-required and failed-login messages) show only when the client configured
 * them, i.e. when the resources answer put a text of its own over the built-in one (docs/i18n.md). The built-in text
 * is the wording an administrator starts from, not a default that always shows; a configured text identical to the
 * built-in one reads as not configured.
 */
export const selectIsLabelConfigured =
  (key: string) =>
  (s: ResourcesSnapshot): boolean => {
    const configured = s.context.labels[key];
    return configured !== undefined && configured !== s.context.builtInLabels[key];
  };
