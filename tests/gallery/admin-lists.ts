import type { AnyStateMachine } from 'xstate';
import type { Page } from 'playwright-core';
import type { RouteId } from '@src/app/routes';
import type { GalleryPage, GallerySection, Shot, ShotContext } from './gallery-types';
import { fail, hold, shows, signs, visit } from './steps';

/**
 * The admin list pages share one view (AdminListScreen: title and Add, filter, grid, delete confirmation) over one grid
 * machine factory, and every edit dialog shares one editor pattern (FormDialog over createEditorMachine's states). So
 * the Applications page shows the shared states once — the grid loading, failed, empty; the dialog loading, failed,
 * validation errors — and the other list pages show what is their own: their rows and their dialog.
 */
export const sharedGrid = 'the one admin list view: shot on the Applications page';
export const sharedEditor = 'the one editor dialog frame: shot with the template editor';
const afterSave = 'after Save: the server answers in a moment (saving), or the dialog closes (saved, cancelled)';
const secondWriter = 'needs someone else to save the same record while the dialog is open';

/** Every flow's wait for the network (docs/spa.md "A connection that drops"): its loader under the one notice. */
export const noNetwork =
  'no answer from the network: the loader stays under the shared connection-lost notice (tests/e2e/offline-reload.spec.ts)';

/** The grid states every list page shares, with their reasons. */
export const gridLeftOut = { loading: sharedGrid, failed: sharedGrid, offline: noNetwork } as const;

/** The editor pattern's states (machines/support/editor.ts) no list page shoots, with their reasons. */
export const editorLeftOut = {
  offline: noNetwork,
  saving: afterSave,
  conflict: secondWriter,
  overwriting: secondWriter,
  saved: afterSave,
  cancelled: afterSave,
  unauthorised: 'final: the session ended while editing (the login page)',
} as const;

export const grid = {
  rows: (page: Page) => page.locator('main tbody tr'),
  /** Opens the list page and waits for its first row. */
  open: (page: Page, path: string) => visit(page, path, grid.rows),
};

/** A text up to its first placeholder ("Edit {name}" → /^Edit /). */
export const startOf = (text: string) => new RegExp(`^${escape(text.split('{')[0] ?? text)}`);

/** An Add … or a row's button by the start of its name. */
export const buttonStarting = (page: Page, name: string) => page.getByRole('button', { name: startOf(name) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the list page and a row's dialog through its Edit button: the row named `name`, or the first. */
export async function editRow({ page, text }: ShotContext, path: string, name?: string): Promise<void> {
  await grid.open(page, path);
  const label = text('Admin_Button_EditRow');
  const button =
    name === undefined
      ? buttonStarting(page, label).first()
      : page.getByRole('button', { name: label.replace('{name}', name), exact: true });
  await button.click();
  await shows(signs.dialog(page));
}

/** Opens the list page, then the dialog through `press`, and waits for the dialog. */
export async function openDialog(page: Page, path: string, press: (page: Page) => Promise<void>): Promise<void> {
  await grid.open(page, path);
  await press(page);
  await shows(signs.dialog(page));
}

/**
 * A list page: its grid (ready shot; loading and failed are the shared view's) and its dialog (new record). The page
 * that shows the shared states passes them as `sharedStates` (grid or dialog), and leaves out only what none shows.
 */
export function listPage(definition: {
  id: string;
  title: string;
  route: RouteId;
  path: string;
  grid: AnyStateMachine;
  dialog?: { machine: AnyStateMachine; addLabel: string };
  sharedStates?: { grid?: readonly Shot[]; dialog?: readonly Shot[] };
  more?: readonly GallerySection[];
}): GalleryPage {
  const { id, title, route, path, dialog, sharedStates = {}, more = [] } = definition;
  const gridSection: GallerySection = sharedStates.grid
    ? { machine: definition.grid, shots: sharedStates.grid, leftOut: { offline: noNetwork } }
    : {
        machine: definition.grid,
        shots: [{ state: 'ready', as: 'providerAdmin', open: ({ page }) => grid.open(page, path) }],
        leftOut: gridLeftOut,
      };
  const dialogSection: GallerySection[] =
    dialog === undefined
      ? []
      : [
          {
            machine: dialog.machine,
            shots: [
              {
                state: 'editing',
                variant: 'new record',
                as: 'providerAdmin',
                open: ({ page, text }: ShotContext) =>
                  openDialog(page, path, (p) => buttonStarting(p, text(dialog.addLabel)).first().click()),
              },
              ...(sharedStates.dialog ?? []),
            ],
            leftOut: sharedStates.dialog
              ? editorLeftOut
              : { ...editorLeftOut, loading: sharedEditor, failed: sharedEditor },
          },
        ];
  return { id, title, routes: [route], sections: [gridSection, ...dialogSection, ...more] };
}

/** The shared grid states, on one list page (`path`, whose list call is `call`). */
export function sharedGridShots(path: string, call: string): Shot[] {
  return [
    {
      state: 'loading',
      as: 'providerAdmin',
      open: async ({ page }) => {
        await hold(page, call);
        await visit(page, path, signs.loading);
      },
    },
    {
      state: 'failed',
      as: 'providerAdmin',
      open: async ({ page }) => {
        await fail(page, call);
        await visit(page, path, (p) => p.locator('main').getByRole('alert'));
      },
    },
    { state: 'ready', as: 'providerAdmin', open: ({ page }) => grid.open(page, path) },
    {
      state: 'ready.confirmingDelete',
      variant: 'the delete confirmation',
      as: 'providerAdmin',
      open: async ({ page, text }) => {
        await grid.open(page, path);
        await buttonStarting(page, text('Admin_Button_DeleteRow')).first().click();
        await shows(page.getByRole('alertdialog'));
      },
    },
    {
      state: 'ready',
      variant: 'filtered to nothing',
      as: 'providerAdmin',
      open: async ({ page, text }) => {
        await grid.open(page, path);
        const search = page.getByRole('search');
        await search.getByRole('combobox').selectOption({ index: 1 });
        await search.getByRole('searchbox').fill('zzzz-nothing');
        await search.getByRole('button', { name: text('Admin_Button_Search'), exact: true }).click();
        await shows(page.getByText(text('Admin_Text_NoRows')));
      },
    },
  ];
}

/** The shared editor states, on one dialog: opened from the first row's edit button, whose read is `call`. */
export function sharedEditorShots(path: string, call: string): Shot[] {
  const editFirstRow = async (context: ShotContext) => {
    await grid.open(context.page, path);
    await buttonStarting(context.page, context.text('Admin_Button_EditRow')).first().click();
  };
  return [
    {
      state: 'loading',
      as: 'providerAdmin',
      open: async (context) => {
        await hold(context.page, call);
        await editFirstRow(context);
        await shows(signs.dialog(context.page).getByRole('status'));
      },
    },
    {
      state: 'failed',
      as: 'providerAdmin',
      open: async (context) => {
        await fail(context.page, call);
        await editFirstRow(context);
        await shows(signs.dialog(context.page).getByRole('alert'));
      },
    },
    {
      state: 'editing',
      variant: 'existing record',
      as: 'providerAdmin',
      open: async (context) => {
        await editFirstRow(context);
        await shows(signs.dialog(context.page).getByRole('textbox'));
      },
    },
  ];
}
