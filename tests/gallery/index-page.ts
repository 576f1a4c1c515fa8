import type { GalleryPage } from './gallery-types';

/** One shot's four pictures as the runner wrote them (file names relative to the index), or why one failed. */
export interface ShotResult {
  pageId: string;
  machine: string;
  state: string;
  variant: string | undefined;
  pictures: { culture: string; width: number; file: string; failure?: string }[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const style = `
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1a202c; }
nav a { margin-right: 1rem; }
section.page { margin-top: 3rem; }
.shot { margin: 1.5rem 0; }
.pictures { display: flex; gap: 1rem; align-items: flex-start; flex-wrap: wrap; }
figure { margin: 0; }
figure img { max-height: 260px; border: 1px solid #cbd5e0; display: block; }
figcaption { font-size: 0.8rem; color: #4a5568; }
.failed { color: #c53030; }
.left-out { font-size: 0.9rem; color: #4a5568; }
code { background: #edf2f7; padding: 0 0.2rem; }`;

function picturesHtml(result: ShotResult): string {
  return result.pictures
    .map(({ culture, width, file, failure }) => {
      const caption = `${culture} · ${width}px`;
      if (failure !== undefined)
        return `<figure><figcaption class="failed">${escapeHtml(caption)}: failed — ${escapeHtml(failure)}</figcaption></figure>`;
      const href = encodeURI(file);
      return `<figure><a href="${href}"><img src="${href}" alt="${escapeHtml(caption)}" loading="lazy"></a><figcaption>${escapeHtml(caption)}</figcaption></figure>`;
    })
    .join('');
}

function leftOutHtml(page: GalleryPage): string {
  const items = page.sections.flatMap((section) =>
    Object.entries(section.leftOut ?? {}).map(
      ([state, reason]) =>
        `<li><code>${escapeHtml(section.machine?.id ?? '')}.${escapeHtml(state)}</code>: ${escapeHtml(reason)}</li>`,
    ),
  );
  return items.length === 0
    ? ''
    : `<details class="left-out"><summary>States not shot, and why</summary><ul>${items.join('')}</ul></details>`;
}

/** The gallery's index.html: grouped by page, each state with its four pictures; no script, no outside address. */
export function indexHtml(pages: readonly GalleryPage[], results: readonly ShotResult[], summary: string): string {
  const shown = pages.filter((page) => results.some((result) => result.pageId === page.id));
  const nav = shown.map((page) => `<a href="#${page.id}">${escapeHtml(page.title)}</a>`).join('');
  const sections = shown.map((page) => {
    const shots = results
      .filter((result) => result.pageId === page.id)
      .map((result) => {
        const name = `${result.machine}: ${result.state}${result.variant === undefined ? '' : ` — ${result.variant}`}`;
        return `<div class="shot"><h3>${escapeHtml(name)}</h3><div class="pictures">${picturesHtml(result)}</div></div>`;
      });
    return `<section class="page" id="${page.id}"><h2>${escapeHtml(page.title)}</h2><p>Routes: ${page.routes.map((r) => `<code>${escapeHtml(r)}</code>`).join(' ')}</p>${shots.join('')}${leftOutHtml(page)}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse gallery</title><style>${style}</style></head><body><h1>Gatehouse gallery</h1><p>${escapeHtml(summary)}</p><nav>${nav}</nav>${sections.join('')}</body></html>\n`;
}
