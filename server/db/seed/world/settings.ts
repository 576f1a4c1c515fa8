import type { ClientPrefix } from './types';

/**
 * Portal settings, as text (the spec compares flags with the text "true"). Session times are in seconds.
 */
export const demoGlobalSettings: Readonly<Record<string, string>> = {
  Session_IdleTime: '900',
  Session_WarningTimeOut: '60',
  Session_TokenRefreshInterval: '300',
  AllowPasswordResetWithOTP: 'true',
  SecurityAnswerAttempts: '3',
  ShowLoginAttemptCounter: 'true',
  SignUp_EmailEditable: 'false',
  // Sign-up asks for the captcha; a client's own setting "false" (the client dialog, audited) turns it off there.
  RecaptchaFeatureEnabled: 'true',
};

/** Per-client overrides of the global settings. */
export const demoClientSettings: Readonly<Partial<Record<ClientPrefix, Readonly<Record<string, string>>>>> = {
  // Acme's members often sign up with a personal address rather than the one on file.
  ACME: { SignUp_EmailEditable: 'true', EmailDomains: 'acme.test' },
  GLBX: { EmailDomains: 'globex.test' },
  // Agents work on shared office machines: a shorter idle time. Their 5-digit ids get the agent user domain.
  AULUMB: { Session_IdleTime: '600', EmailDomains: 'umbrella.test, agents.gatehouse.test' },
};
