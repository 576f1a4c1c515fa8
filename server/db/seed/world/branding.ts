import type { ClientAssetKind } from '../../tables/resources';
import type { ClientPrefix } from './types';

interface Brand {
  name: string;
  /** SVG path data of the mark, drawn in white on a 40×40 rounded square. */
  mark: string;
  theme: { primaryColor: string; accentColor: string; backgroundColor: string; textColor: string };
}

/** Logos and colours of each client; the provider's are also the global ones (pages with no client). */
export const demoBrands: Readonly<Record<ClientPrefix, Brand>> = {
  AUL: {
    name: 'Gatehouse',
    // A gate: two posts and an arch.
    mark: 'M11 31V17a9 9 0 0 1 18 0v14M11 24h18',
    theme: { primaryColor: '#1d4ed8', accentColor: '#f59e0b', backgroundColor: '#f8fafc', textColor: '#0f172a' },
  },
  ACME: {
    name: 'Acme Health',
    // A cross.
    mark: 'M20 10v20M10 20h20',
    theme: { primaryColor: '#0f766e', accentColor: '#f97316', backgroundColor: '#f0fdfa', textColor: '#134e4a' },
  },
  GLBX: {
    name: 'Globex Retail',
    // A globe.
    mark: 'M20 10a10 10 0 1 0 0 20a10 10 0 1 0 0-20M10 20h20M20 10c-5 6-5 14 0 20M20 10c5 6 5 14 0 20',
    theme: { primaryColor: '#6d28d9', accentColor: '#16a34a', backgroundColor: '#faf5ff', textColor: '#2e1065' },
  },
  AULUMB: {
    name: 'Umbrella Agents',
    // An umbrella.
    mark: 'M9 21a11 11 0 0 1 22 0zM20 21v8a2 2 0 0 1-4 0',
    theme: { primaryColor: '#b91c1c', accentColor: '#ca8a04', backgroundColor: '#fef2f2', textColor: '#450a0a' },
  },
  INITECH: {
    name: 'Initech',
    // A stapler.
    mark: 'M10 27h20M12 22h16a3 3 0 0 1 0 5M12 22l2-8h12',
    theme: { primaryColor: '#334155', accentColor: '#dc2626', backgroundColor: '#f8fafc', textColor: '#0f172a' },
  },
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function markSvg(brand: Brand): string {
  return `<rect width="40" height="40" rx="8" fill="${brand.theme.primaryColor}"/><path d="${brand.mark}" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The SVG of one kind of logo: `logo` (mark and name), `loginlogo` (larger, stacked), `profilelogo` (mark). */
export function logoSvg(brand: Brand, kind: ClientAssetKind): string {
  const label = escapeXml(brand.name);
  const open = (w: number, h: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`;
  const font = `font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-weight="600" fill="${brand.theme.textColor}"`;
  switch (kind) {
    case 'logo':
      return `${open(220, 40)}${markSvg(brand)}<text x="52" y="27" font-size="18" ${font}>${label}</text></svg>`;
    case 'loginlogo':
      return `${open(240, 110)}<g transform="translate(100 0)">${markSvg(brand)}</g><text x="120" y="90" text-anchor="middle" font-size="24" ${font}>${label}</text></svg>`;
    case 'profilelogo':
      return `${open(40, 40)}${markSvg(brand)}</svg>`;
  }
}
