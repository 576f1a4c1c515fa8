import type { CoverageResult, MachineCoverage } from './merge';

/**
 * reports/paths/index.html: one self-contained page (no script or style from elsewhere, opens with no network): the
 * machines in a table sortable by any column, and below it each machine's uncovered states and transitions.
 */

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const anchor = (m: MachineCoverage) => `m-${m.machine}`;

function row(m: MachineCoverage): string {
  const cell = (text: string | number, sort: string | number = text) =>
    `<td data-sort="${escape(String(sort))}">${escape(String(text))}</td>`;
  return (
    `<tr class="${m.problems.length === 0 ? 'ok' : 'fail'}">` +
    `<td data-sort="${escape(m.machine)}"><a href="#${escape(anchor(m))}">${escape(m.machine)}</a></td>` +
    cell(`${m.states.reached}/${m.states.total - m.states.unreachable}`, m.states.reached) +
    cell(m.states.percent.toFixed(1), m.states.percent) +
    cell(`${m.transitions.reached}/${m.transitions.total - m.transitions.unreachable}`, m.transitions.reached) +
    cell(m.transitions.percent.toFixed(1), m.transitions.percent) +
    cell(m.floor ? `${m.floor.states} / ${m.floor.transitions}` : '—', m.floor?.transitions ?? -1) +
    cell(m.states.unreachable + m.transitions.unreachable) +
    cell(m.uncovered.length) +
    cell(`${m.paths.run}/${m.paths.generated}`, m.paths.run) +
    cell(m.problems.length === 0 ? 'ok' : 'FAIL') +
    '</tr>'
  );
}

function details(m: MachineCoverage): string {
  const items = m.uncovered
    .map((item) => {
      const why =
        item.reason !== undefined
          ? `<span class="why">unreachable from the UI: ${escape(item.reason)}</span>`
          : item.note !== undefined
            ? `<span class="note">walk: ${escape(item.note)}</span>`
            : '';
      return `<li><span class="kind">${item.kind}</span> <code>${escape(item.key)}</code> ${why}</li>`;
    })
    .join('\n');
  const problems = m.problems.map((p) => `<li class="fail">${escape(p)}</li>`).join('\n');
  return (
    `<section id="${escape(anchor(m))}"><h2>${escape(m.machine)}</h2>` +
    `<p>${m.files.map((f) => `<code>${escape(f)}</code>`).join(', ')}</p>` +
    (problems === '' ? '' : `<ul>${problems}</ul>`) +
    (items === '' ? '<p>Every state and transition is walked.</p>' : `<ul>${items}</ul>`) +
    `<details><summary>${m.paths.run} paths run (replay one: npm run test:paths -- &lt;walk&gt; --path "&lt;title&gt;")</summary><ol>` +
    m.paths.titles.map((title) => `<li><code>${escape(title)}</code></li>`).join('\n') +
    '</ol></details></section>'
  );
}

/** Sorts the table by the clicked column (numbers as numbers), a second click reverses. */
const SORT_SCRIPT = `
document.querySelectorAll('th').forEach((th, column) => th.addEventListener('click', () => {
  const body = th.closest('table').tBodies[0];
  const descending = th.dataset.order === 'asc';
  th.closest('tr').querySelectorAll('th').forEach((other) => delete other.dataset.order);
  th.dataset.order = descending ? 'desc' : 'asc';
  const key = (tr) => tr.cells[column].dataset.sort;
  const rows = [...body.rows].sort((a, b) => {
    const x = key(a), y = key(b);
    const order = !isNaN(x) && !isNaN(y) ? Number(x) - Number(y) : x.localeCompare(y);
    return descending ? -order : order;
  });
  rows.forEach((tr) => body.appendChild(tr));
}));`;

export function coverageHtml(result: CoverageResult, generatedAt: string): string {
  const headers = [
    'machine',
    'states',
    'states %',
    'transitions',
    'transitions %',
    'floor s / t %',
    'off (unreachable)',
    'uncovered',
    'paths run',
    'status',
  ];
  const problems = result.problems.map((p) => `<li class="fail">${escape(p)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Gatehouse path coverage</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
table { border-collapse: collapse; }
th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { cursor: pointer; user-select: none; background: #f4f4f4; }
th[data-order="asc"]::after { content: " ▲"; }
th[data-order="desc"]::after { content: " ▼"; }
tr.fail td:last-child, li.fail { color: #b00020; font-weight: 600; }
.kind { display: inline-block; width: 6rem; color: #555; }
.why { color: #555; }
.note { color: #8a6d00; }
code { font-size: 13px; }
</style>
</head>
<body>
<h1>Path coverage</h1>
<p>Every generated path of every machine, walked through its real view (<code>npm run test:paths</code>, ${escape(generatedAt)}).
Per cent of what the UI can reach: states and transitions listed as unreachable on purpose are left out. Click a column to sort.</p>
${problems === '' ? '' : `<ul>${problems}</ul>`}
<table>
<thead><tr>${headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>
<tbody>
${result.machines.map(row).join('\n')}
</tbody>
</table>
${result.machines.map(details).join('\n')}
<script>${SORT_SCRIPT}</script>
</body>
</html>
`;
}
