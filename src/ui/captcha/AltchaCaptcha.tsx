import { Fragment, useEffect, useEffectEvent, useState } from 'react';
import type {} from 'altcha/types/react';
import type { Culture } from '@contracts/culture';
import { loadAltcha, type AltchaModule } from './altcha-loader';
import { CaptchaUnavailable } from './CaptchaUnavailable';
import { languageOf } from '../../i18n/language-of';
import { useAltchaTexts } from './use-altcha-texts';

type Props = {
  challengeUrl: string;
  culture: Culture;
  round: number;
  onToken: (token: string | undefined) => void;
};

/** What the widget reports on every change of state (`verified` carries the payload the server verifies). */
type StateChange = { state: string; payload: string | null };

/** The widget chunk, loaded once per page; a round after a failed load tries again. */
function useAltchaModule(round: number): AltchaModule | 'failed' | undefined {
  const [loaded, setLoaded] = useState<{ round: number; module: AltchaModule | 'failed' }>();
  useEffect(() => {
    let current = true;
    loadAltcha().then(
      (module) => current && setLoaded({ round, module }),
      () => current && setLoaded({ round, module: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [round]);
  if (loaded === undefined) return undefined;
  // A failure belongs to its round: the next round shows nothing until its own attempt ends.
  return loaded.module === 'failed' && loaded.round !== round ? undefined : loaded.module;
}

/**
 * ALTCHA: a checkbox that, once ticked, fetches a challenge from our server and solves its proof of work in a worker.
 * The widget's payload — base64 of `{ challenge, solution }` — is exactly what POST Instance/Register verifies, so it
 * is handed over unchanged. A new round is a new widget (React's `key`): no token, a new challenge on the next tick.
 */
export function AltchaCaptcha({ challengeUrl, culture, round, onToken }: Props) {
  const altcha = useAltchaModule(round);
  const texts = useAltchaTexts();
  const language = languageOf(culture);
  const [widget, setWidget] = useState<HTMLElement | null>(null);
  const handOver = useEffectEvent(onToken);

  useEffect(() => {
    if (altcha !== undefined && altcha !== 'failed') altcha.setAltchaTexts(language, texts);
  }, [altcha, language, texts]);

  // The form asks for a new round after a refused sign-up: the token it held is gone with the old widget.
  useEffect(() => {
    handOver(undefined);
  }, [round]);

  useEffect(() => {
    if (widget === null) return;
    const listener = (event: Event) => {
      // A widget React has just replaced may still finish; its answer is not this round's.
      if (!widget.isConnected) return;
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      handOver(state === 'verified' && payload ? payload : undefined);
    };
    widget.addEventListener('statechange', listener);
    return () => {
      widget.removeEventListener('statechange', listener);
    };
  }, [widget]);

  if (altcha === 'failed') return <CaptchaUnavailable />;
  if (altcha === undefined) return null;
  // The keyed fragment remounts the widget each round (the widget's JSX typing has no `key` of its own).
  return (
    <Fragment key={round}>
      <altcha-widget
        ref={setWidget}
        challenge={challengeUrl}
        language={language}
        // No footer: it is HTML (a "Protected by ALTCHA" link) the widget would inject from a text; the logo credits
        // it already. No human-interaction signature: our server never asks for one, so nothing is collected.
        configuration={JSON.stringify({
          hideFooter: true,
          humanInteractionSignature: false,
          validationMessage: texts.verificationRequired,
        })}
      />
    </Fragment>
  );
}
