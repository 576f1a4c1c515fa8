import type { ListItem } from '@contracts/resources';

/** Resource list of user-agent patterns the portal does not support (admin-and-board §2). */
export const NOT_SUPPORTED_BROWSERS_LIST = 'Global_List_NotSupportedBrowsers';

/**
 * Whether the user agent matches one of the list's patterns (each item's value is a regular expression, matched
 * without regard to case). A pattern that is not a valid expression is skipped rather than breaking the check.
 */
export function isUnsupportedBrowser(userAgent: string, lists: Record<string, ListItem[]>): boolean {
  const patterns = lists[NOT_SUPPORTED_BROWSERS_LIST] ?? [];
  return patterns.some((item) => {
    try {
      return new RegExp(item.value, 'i').test(userAgent);
    } catch {
      return false;
    }
  });
}
