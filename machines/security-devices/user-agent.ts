/** What a session's user agent says a person would recognise it by: the browser and the system, when known. */
export type DeviceName = { browser: string | undefined; system: string | undefined };

/** Checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Checked in order: Android also says Linux, iOS says "like Mac OS X". */
const systems: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: readonly (readonly [RegExp, string])[], text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1];

/** The browser and system a user-agent string names; undefined for what it does not (a script, no header). */
export function deviceNameOf(userAgent: string | null): DeviceName {
  if (userAgent === null) return { browser: undefined, system: undefined };
  return { browser: first(browsers, userAgent), system: first(systems, userAgent) };
}
