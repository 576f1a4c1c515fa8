import { useEffect, useEffectEvent, useState } from 'react';
import type { Culture } from '@contracts/culture';
import { CaptchaUnavailable } from './CaptchaUnavailable';
import { languageOf } from '../../i18n/language-of';
import { loadRecaptcha } from './recaptcha-loader';

type Props = {
  siteKey: string;
  culture: Culture;
  round: number;
  action: string;
  onToken: (token: string | undefined) => void;
};

/** A v3 token lives two minutes; a fresh one before then keeps a slow form's token good. */
export const RECAPTCHA_REFRESH_MS = 90_000;

/**
 * reCAPTCHA v3: invisible (Google shows its badge), a token for the action as soon as the script is ready, and a fresh
 * one every RECAPTCHA_REFRESH_MS. A new round drops the token and asks for another.
 */
export function RecaptchaCaptcha({ siteKey, culture, round, action, onToken }: Props) {
  const [failedRound, setFailedRound] = useState<number>();
  const handOver = useEffectEvent(onToken);
  const language = languageOf(culture);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    handOver(undefined);
    const fetchToken = async () => {
      const grecaptcha = await loadRecaptcha(siteKey, language);
      const token = await grecaptcha.execute(siteKey, { action });
      if (!current) return;
      handOver(token);
      timer = setTimeout(() => void fetchToken().catch(fail), RECAPTCHA_REFRESH_MS);
    };
    const fail = () => {
      if (!current) return;
      handOver(undefined);
      setFailedRound(round);
    };
    fetchToken().catch(fail);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [siteKey, language, action, round]);

  return failedRound === round ? <CaptchaUnavailable /> : null;
}
