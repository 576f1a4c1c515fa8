import { toIdpUsername, type UsernameRule } from '@contracts/username';

/** Where the widget's labels, CSS, fonts and images are served (vite.config.ts copies them; never a CDN). */
export const WIDGET_ASSETS_BASE = '/widget-assets';

/** The id of the element the widget renders into (src/pages/LoginPage.tsx). */
export const WIDGET_ELEMENT_ID = 'okta-sign-in-widget';

/**
 * The username hooks of the widget (spec public-and-profile §5 "Login username"). `processCreds` runs before the
 * widget submits and may wait: it looks up the rule of the client the typed name belongs to. `transformUsername`
 * runs synchronously right after and applies that rule. Forgot-password calls only `transformUsername`: the widget
 * mount looks the rule up with `learnRule` before it lets the recovery request go (src/auth/sign-in-widget.ts).
 */
export function usernameHooks({
  lookupRule,
  onSubmitted,
}: {
  lookupRule: (typed: string) => Promise<UsernameRule | undefined>;
  onSubmitted: (idpUsername: string) => void;
}) {
  let rule: UsernameRule | undefined;
  const transformUsername = (username: string) => (rule ? toIdpUsername(username, rule) : username.trim());
  // The last name's lookup, kept: the one begun when the person left the username field is the one the submit
  // awaits, so the password's request does not wait for it. A failed lookup is forgotten (the next one asks again).
  let last: { name: string; lookup: Promise<UsernameRule | undefined> } | undefined;
  const lookupOnce = (typed: string) => {
    const name = typed.trim();
    if (last?.name !== name) {
      const lookup = lookupRule(typed);
      last = { name, lookup };
      lookup.catch(() => {
        if (last?.lookup === lookup) last = undefined;
      });
    }
    return last.lookup;
  };
  /** Looks up the rule of a typed name; a failed lookup keeps the last rule. */
  const learnRule = (typed: string): Promise<void> =>
    lookupOnce(typed)
      .catch(() => undefined)
      .then((found) => {
        rule = found ?? rule;
      });
  const processCreds = (creds: { username: string }, done?: () => void) => {
    void learnRule(creds.username).then(() => {
      onSubmitted(transformUsername(creds.username));
      done?.();
    });
  };
  /** Begins the lookup of a name the person has typed (leaving the field), ahead of its submit. */
  const anticipate = (typed: string) => {
    if (typed.trim() !== '') lookupOnce(typed).catch(() => undefined);
  };
  return { transformUsername, processCreds, learnRule, anticipate };
}
