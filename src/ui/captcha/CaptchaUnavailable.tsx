import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Shown where the captcha should be when its script could not load: without it the form cannot be sent. */
export function CaptchaUnavailable() {
  return (
    <Text role="alert" color="fg.error" textStyle="sm">
      <Trans id="Global_Text_CaptchaUnavailable">The captcha could not be loaded. Reload the page to try again.</Trans>
    </Text>
  );
}
