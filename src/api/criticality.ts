import { CRITICALITY_HEADER } from '@contracts/errors';

/**
 * The request criticality levels (public-and-profile §3: "Default, Low, Medium, High (same value as Medium),
 * Critical") and the value each sends in `x-api-criticality` (§7 "Critical calls add a critical-level flag"). High is
 * Medium's value, as the spec says, so the server never has to tell them apart.
 */
export const criticalityLevels = {
  Default: 'Default',
  Low: 'Low',
  Medium: 'Medium',
  High: 'Medium',
  Critical: 'Critical',
} as const;

export type Criticality = keyof typeof criticalityLevels;

/** The headers a call of this level carries: none for Default (an ordinary call carries no flag). */
export function criticalityHeaders(level: Criticality): Record<string, string> {
  return level === 'Default' ? {} : { [CRITICALITY_HEADER]: criticalityLevels[level] };
}
