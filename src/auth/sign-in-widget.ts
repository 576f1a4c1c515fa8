import type { OktaAuth } from '@okta/okta-auth-js';
import type { EventContext, EventErrorContext, WidgetOptions } from '@okta/okta-signin-widget/classic';
import type { Culture } from '@contracts/culture';
import type { PublicConfig } from '@contracts/public-config';
import type { UsernameRule } from '@contracts/username';
import type { WidgetEvent } from '@machines/login/login.types';
import './sign-in-widget.css';
import { inWidgetLanguage, widgetLabelsUrl, type WidgetTexts } from './widget-error-texts';
import { informalSpanish } from './widget-informal-spanish';
import { widgetLanguage } from './widget-language';
import { usernameHooks, WIDGET_ASSETS_BASE } from './widget-options';

export type MountWidgetOptions = {
  client: OktaAuth;
  config: PublicConfig;
  element: HTMLElement;
  language: Culture;
  recoveryToken: string | undefined;
  /** The client's login logo (GET resource/loginlogo): the widget's header shows it, or is hidden when there is none. */
  logoUrl: string;
  /** The client's FAQ page: the widget's one help link. */
  helpUrl: string;
  lookupRule: (typed: string) => Promise<UsernameRule | undefined>;
  sendBack: (event: WidgetEvent) => void;
  now: () => number;
};

/** What the login flow may do to a mounted widget. */
export type MountedWidget = {
  remove: () => void;
  /** Puts a name in the username field as if typed (the demo guide), then moves to the password. */
  fillUsername: (username: string) => void;
};

const STYLESHEET_ID = 'okta-sign-in-widget-css';
/** The checkbox sprite of the widget's stylesheet (`.custom-checkbox label`), in its two densities. */
const CHECKBOX_SPRITE = `${WIDGET_ASSETS_BASE}/img/ui/forms/checkbox-01.png`;
const CHECKBOX_SPRITE_2X = `${WIDGET_ASSETS_BASE}/img/ui/forms/checkbox-01@2x.png`;

/** The widget's stylesheet, from the local copy; its relative font and image URLs resolve there too. */
function ensureStylesheet(document: Document) {
  if (document.getElementById(STYLESHEET_ID)) return;
  const link = document.createElement('link');
  link.id = STYLESHEET_ID;
  link.rel = 'stylesheet';
  link.href = `${WIDGET_ASSETS_BASE}/css/okta-sign-in.min.css`;
  // The "Remember me" box is a sprite the stylesheet names: asked for with the stylesheet, not once the widget is
  // drawn, or a first visit shows the label without its box for a moment (seen in the gallery's first picture). A
  // detached image fetches it (the density the screen needs) into the browser's caches, where the stylesheet finds it;
  // not a `<link rel="preload">`, which Chrome reports as an unused preload when the box is not drawn within seconds
  // (a step of the widget without it, a person who has not scrolled to it). Issue 29 §2.
  const sprite = document.createElement('img');
  sprite.setAttribute('srcset', `${CHECKBOX_SPRITE} 1x, ${CHECKBOX_SPRITE_2X} 2x`);
  document.head.append(link);
}

const RECOVERY_FORM = '.forgot-password';
const RECOVERY_BUTTON = `${RECOVERY_FORM} .email-button`;

/**
 * The username's rule is looked up when the person leaves the username field (to the password, usually), not at the
 * submit: the password's request then starts at once (docs/benchmarks.md, 2026-11-28).
 */
function anticipateOnLeavingUsername(element: HTMLElement, anticipate: (typed: string) => void): () => void {
  const onFocusOut = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'username') anticipate(event.target.value);
  };
  element.addEventListener('focusout', onFocusOut);
  return () => {
    element.removeEventListener('focusout', onFocusOut);
  };
}

/**
 * Forgot password sends the typed name through `transformUsername` only (no `processCreds`), so on its own it would
 * use the rule of an earlier sign-in, or none, and a person who forgot their password before ever submitting would
 * get no mail. Holds the "Reset via email" click (and Enter in the form) in the capture phase until the rule of the
 * typed name is known, then lets it go. Returns the function that removes the listeners.
 */
function learnRuleBeforeRecovery(element: HTMLElement, learnRule: (typed: string) => Promise<void>): () => void {
  let releasing = false;
  const holdFor = (event: Event, button: HTMLElement) => {
    const input = element.querySelector<HTMLInputElement>(`${RECOVERY_FORM} input[name="username"]`);
    if (releasing || !input) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void learnRule(input.value).then(() => {
      releasing = true;
      try {
        button.click();
      } finally {
        releasing = false;
      }
    });
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(RECOVERY_BUTTON) : null;
    if (button) holdFor(event, button);
  };
  const onKeydown = (event: KeyboardEvent) => {
    const inForm = event.target instanceof Element && event.target.closest(RECOVERY_FORM) !== null;
    const button = element.querySelector<HTMLElement>(RECOVERY_BUTTON);
    if (event.key === 'Enter' && inForm && button) holdFor(event, button);
  };
  element.addEventListener('click', onClick, true);
  element.addEventListener('keydown', onKeydown, true);
  return () => {
    element.removeEventListener('click', onClick, true);
    element.removeEventListener('keydown', onKeydown, true);
  };
}

/**
 * The widget's texts of a language, read into `into` once the widget has rendered: off the mount's path, and from the
 * browser's copy of the file the widget itself read for Spanish (`force-cache`: no second download, not even a
 * revalidation). An unreadable file leaves `into` empty: the answers' own summaries are shown.
 */
async function readWidgetTexts(language: string, into: Record<string, string>): Promise<void> {
  try {
    const answer = await fetch(widgetLabelsUrl(language), { cache: 'force-cache' });
    if (answer.ok) Object.assign(into, (await answer.json()) as WidgetTexts, ourTexts[language]);
  } catch {
    // Nothing to translate with; see above.
  }
}

/** Our versions of some of the widget's texts, by its language: its Spanish in the informal register (tú). */
const ourTexts: Readonly<Record<string, Readonly<Record<string, string>>>> = { es: informalSpanish };

/** Whether an image loads: the logo is only handed to the widget when there is one, else its header would be empty. */
async function imageLoads(document: Document, url: string): Promise<boolean> {
  const image = document.createElement('img');
  image.src = url;
  return image.decode().then(
    () => true,
    () => false,
  );
}

/** The widget's fields are Backbone views listening for input events; a value set from outside must announce itself. */
function typeInto(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Renders the Classic Sign-In Widget (its own chunk: this module is only imported by the login route) with the app's
 * auth client, and reports what happens as login machine events. Returns the function that removes it.
 */
export async function mountSignInWidget(options: MountWidgetOptions): Promise<MountedWidget> {
  const language = widgetLanguage(options.language);
  const [{ default: OktaSignIn }, hasLogo] = await Promise.all([
    import('@okta/okta-signin-widget/classic'),
    imageLoads(options.element.ownerDocument, options.logoUrl),
  ]);
  ensureStylesheet(options.element.ownerDocument);
  // sign-in-widget.css hides the header (an empty band) when the client has no login logo.
  options.element.toggleAttribute('data-no-logo', !hasLogo);
  const hooks = usernameHooks({
    lookupRule: options.lookupRule,
    onSubmitted: (username) => {
      options.sendBack({ type: 'widget.submitted', username });
    },
  });
  // The widget's error texts in its language (widget-error-texts.ts), filled in once it has rendered (below). The auth
  // client's other calls (tokens, renewal) answer OAuth errors, which carry no Okta error code and pass unchanged; the
  // portal's own API calls use ky.
  const texts: Record<string, string> = {};
  options.client.options.transformErrorXHR = inWidgetLanguage(texts);
  const widget = new OktaSignIn({
    el: `#${options.element.id}`,
    useClassicEngine: true,
    // The widget's types describe its own auth-js 7 copy; vite.config.ts aliases it to our 8.x client, which the
    // widget drives through the same calls (okta-compat §0.7, verified end to end).
    authClient: options.client as unknown as NonNullable<WidgetOptions['authClient']>,
    clientId: options.config.clientId,
    redirectUri: options.config.redirectUri,
    assets: { baseUrl: WIDGET_ASSETS_BASE },
    language,
    // Our texts over the label file's, for the language shown (the widget merges them key by key).
    ...(ourTexts[language] === undefined ? {} : { i18n: { [language]: ourTexts[language] } }),
    // `webauthn`: the widget's WebAuthn controllers for factorType `webauthn` (passkeys, IDP_PASSKEY_GROUPS); without
    // it the Classic widget takes that factor for Windows Hello and drives the long-gone msCredentials API.
    features: { router: false, webauthn: true },
    ...(hasLogo ? { logo: options.logoUrl } : {}),
    // One help link on the page: the widget's, to the client's FAQ (issue 13).
    helpLinks: { help: options.helpUrl },
    ...(options.recoveryToken === undefined ? {} : { recoveryToken: options.recoveryToken }),
    transformUsername: hooks.transformUsername,
    processCreds: hooks.processCreds,
  });
  // A refused primary authentication (wrong password, locked) counts towards the attempt limit (spec §5).
  widget.on('afterError', (context: EventContext, error?: EventErrorContext) => {
    if (context.controller === 'primary-auth' && (error?.statusCode === 401 || error?.statusCode === 403)) {
      options.sendBack({ type: 'widget.failed', at: options.now() });
    }
  });
  void widget.renderEl(
    { el: `#${options.element.id}` },
    (result) => {
      if (result.status === 'SUCCESS' && 'tokens' in result) {
        options.client.tokenManager.setTokens(result.tokens);
        options.sendBack({ type: 'widget.signedIn' });
      } else if (result.status === 'FORGOT_PASSWORD_EMAIL_SENT') {
        options.sendBack({ type: 'widget.emailSent' });
      }
    },
    () => undefined,
  );
  // A name picked in the demo guide before the widget has drawn its form (renderEl returns at once, the form follows)
  // waits for the first render instead of being dropped.
  let pendingUsername: string | undefined;
  const fillUsername = (username: string) => {
    const input = options.element.querySelector<HTMLInputElement>('input[name="username"]');
    if (!input) {
      pendingUsername = username;
      return;
    }
    pendingUsername = undefined;
    typeInto(input, username);
    hooks.anticipate(username);
    options.element.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  };
  // The widget opens its help link in a new tab; the FAQ is a page of this portal, so it opens in place.
  let textsAsked = false;
  widget.on('afterRender', () => {
    for (const link of options.element.querySelectorAll('a.js-help-link')) link.removeAttribute('target');
    if (!textsAsked) void readWidgetTexts(language, texts);
    textsAsked = true;
    if (pendingUsername !== undefined) fillUsername(pendingUsername);
  });
  const stopLearning = learnRuleBeforeRecovery(options.element, hooks.learnRule);
  const stopAnticipating = anticipateOnLeavingUsername(options.element, hooks.anticipate);
  return {
    remove: () => {
      stopLearning();
      stopAnticipating();
      widget.remove();
    },
    fillUsername,
  };
}
