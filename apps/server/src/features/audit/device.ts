/** A sign-in's browser and operating system, as a person would name them ("Chrome", "Android"). */
export interface Device {
  browser: string;
  os: string;
}

// First match wins: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
// Android before Linux (it says both), iOS before macOS (an iPad may say "like Mac OS X").
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system a User-Agent header names, for a new-device sign-in's audit entry: enough
 * to tell one device from another in the log ("Chrome on Android"), never the header itself, which
 * is long and can identify a person. Anything else is "another browser" / "another system".
 */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = (userAgent ?? '').slice(0, 512);
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'another browser',
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'another system',
  };
}
