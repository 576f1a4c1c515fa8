import { Box, HStack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { passwordVerdict } from '@contracts/forms/password';
import { breachedPasswords } from '@contracts/forms/password-list';
import type { PasswordOwner } from '@contracts/forms/password-screen';
import { labels } from '@src/i18n/labels';
import { strengthOf, type Strength } from './strength';

const strengthLabels: Record<Strength['level'], MessageDescriptor> = {
  weak: labels.Security_Text_StrengthWeak,
  fair: labels.Security_Text_StrengthFair,
  good: labels.Security_Text_StrengthGood,
  strong: labels.Security_Text_StrengthStrong,
};
const reasonLabels: Record<Strength['reason'], MessageDescriptor> = {
  pattern: labels.Security_Text_StrengthRules,
  personalPassword: labels.Global_Text_VMPasswordPersonal,
  commonPassword: labels.Global_Text_VMPasswordCommon,
  breachedPassword: labels.Global_Text_VMPasswordBreached,
  short: labels.Security_Text_StrengthLonger,
  long: labels.Security_Text_StrengthLong,
};
const colours = ['red.500', 'orange.400', 'green.500', 'green.600'] as const;

/**
 * The strength meter under a new password (issue 34 §1, beyond the spec): how strong it is and why, by the same rule
 * the server applies (contracts/forms/password.ts `passwordVerdict`, with the list of common and breached passwords).
 * Its own chunk, loaded with the password step only (`../PasswordStrength.tsx`): the list never enters the public entry.
 */
export default function PasswordMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const { i18n } = useLingui();
  if (password === '') return null;
  const strength = strengthOf(password, passwordVerdict(password, owner, breachedPasswords()));
  const label = i18n._(strengthLabels[strength.level]);
  return (
    <Box data-testid="password-meter">
      <HStack gap="1" aria-hidden>
        {colours.map((colour, index) => (
          <Box
            key={colour}
            h="1.5"
            flex="1"
            borderRadius="full"
            bg={index < strength.score ? (colours[strength.score - 1] ?? colour) : 'gray.200'}
          />
        ))}
      </HStack>
      <Text
        role="meter"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={label}
        aria-label={i18n._(labels.Security_Text_StrengthLabel)}
        aria-live="polite"
        fontSize="sm"
        mt="1"
      >
        <Text as="span" fontWeight="semibold">
          {label}
        </Text>
        {' — '}
        {i18n._(reasonLabels[strength.reason])}
      </Text>
    </Box>
  );
}
