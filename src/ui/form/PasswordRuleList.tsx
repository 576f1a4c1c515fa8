import { Box, List, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { enforcedPasswordRules, type PasswordRuleName } from '@contracts/forms/password';
import { labels } from '../../i18n/labels';

const ruleLabels: Record<PasswordRuleName, MessageDescriptor> = {
  length: labels.Security_Text_PasswordRuleLength,
  lowercase: labels.Security_Text_PasswordRuleLowercase,
  uppercase: labels.Security_Text_PasswordRuleUppercase,
  number: labels.Security_Text_PasswordRuleNumber,
  symbol: labels.Security_Text_PasswordRuleSymbol,
  noUsername: labels.Security_Text_PasswordRuleNoUsername,
  history: labels.Security_Text_PasswordRuleHistory,
};

const rulesShown = enforcedPasswordRules();

/**
 * The password's instruction lines (spec §2 "seven password-instruction lines"), only those the policy in force
 * enforces: the security form and the one-time-code reset show the same list.
 */
export function PasswordRuleList() {
  const { i18n } = useLingui();
  return (
    <Box>
      <Text fontWeight="semibold">{i18n._(labels.Security_Text_PasswordRules)}</Text>
      <List.Root ps="5">
        {rulesShown.map((rule) => (
          <List.Item key={rule}>{i18n._(ruleLabels[rule])}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
