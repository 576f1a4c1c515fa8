/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import type { FaqQuestion } from '@contracts/resources';
import { faqMachine } from '@machines/faq/faq.machine';
import type { FaqInput } from '@machines/faq/faq.types';
import { answerCall } from '../support/admin-dialog-host';
import {
  actorDone,
  actorError,
  createControlledCall,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { faqQuestions } from '../support/faq-fixtures';
import { fakePorts } from '../support/fake-ports';
import { dismissModal, en, offline } from '../support/public-page';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { describeWalks } from '../support/walk';

/*
 * Generated walks of the help page (machines/faq; spec public-and-profile §2 "Help (FAQ) page", §8) through the real
 * shell at /Faq/acme: the route starts the flow, which reads the client's questions; then the categories beside the
 * panels and the panels themselves. Only the network is fake: GET resource/faq waits for the walk's answer.
 */

const loaded = actorDone('load', [...faqQuestions]);
const loadedEmpty = actorDone('load', [] as FaqQuestion[]);
const loadFailed = actorError('load', offline);
const retry = { type: 'retry' as const };
const selectProfile = { type: 'part.select' as const, part: 'Your profile' };
const selectSigningIn = { type: 'part.select' as const, part: 'Signing in' };
const toggle = (id: string) => ({ type: 'panel.toggle' as const, id });

type Walked = typeof loaded | typeof loadFailed | typeof retry | typeof selectProfile | ReturnType<typeof toggle>;

type Snap = {
  value: unknown;
  context: { questions: readonly FaqQuestion[]; part: string | undefined; open: readonly string[] };
};

/** What the person or the network can do: each category once, the panels of the selected category toggled. */
function offered(s: Snap): Walked[] {
  switch (s.value) {
    case 'loading':
      return [loaded, loadedEmpty, loadFailed];
    case 'failed':
      return [retry];
    case 'ready': {
      const panels = s.context.questions.filter((q) => q.part === s.context.part).map((q) => toggle(q.id));
      const other = s.context.part === selectProfile.part ? selectSigningIn : selectProfile;
      return s.context.questions.length === 0 ? [] : [other, ...panels];
    }
    default:
      return [];
  }
}

const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.questions.length, s.context.part ?? null, [...s.context.open].sort()]);

const input: FaqInput = {
  clientId: 'acme',
  culture: 'en-us',
  ports: { notifications: fakePorts().ports.notifications },
};

function startPage() {
  const faq = createControlledCall<FaqQuestion[]>();
  const { api } = answeringApi();
  const shell = renderShell({ path: '/Faq/acme', api: { ...api, getFaq: (asked: unknown) => faq.call(asked) } });
  return { shell, faq, user: userEvent.setup({ delay: null }) };
}

/**
 * jsdom applies the page's small-screen styles (it evaluates no media query), where the category list is hidden and has
 * no accessible name: it is found by its heading. The layout itself is checked in Chromium (tests/e2e/faq.spec.ts).
 */
async function categoryList(): Promise<HTMLElement> {
  const heading = await screen.findByText(en('Faq_Text_Categories'), { selector: 'h2' });
  const list = heading.closest('nav');
  if (list === null) throw new Error('the categories heading is outside the category list');
  return list;
}

const headerOf = (id: string) => faqQuestions.find((q) => q.id === id)?.header ?? id;

// The page is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(faqMachine, {
  title: 'help page model walk (public-and-profile §2 "Help (FAQ) page", §8), through the real shell at /Faq/acme',
  events: [] as readonly Walked[],
  scenarios: [
    {
      input,
      events: offered,
      serializeState,
      // Retry reads again, a state already reached: shortest paths skip it.
      journeys: [[loadFailed, retry, loaded]],
    },
  ],
  start: () => startPage(),
  describeEvent: (event) => {
    if (event.type === doneEventType('load')) return event.output.length === 0 ? 'no questions' : 'questions';
    if (event.type === 'part.select') return `select ${event.part}`;
    if (event.type === 'panel.toggle') return `toggle ${event.id}`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    loading: async (_s, harness) => {
      expect(await screen.findByRole('heading', { name: en('Faq_Text_Title') })).toBeInTheDocument();
      await waitFor(() => {
        expect(harness.faq.waiting()).toBe(1);
      });
      expect(harness.faq.calls.at(-1)).toEqual({ clientId: 'acme', culture: 'en-us' });
      expect(screen.getByText(en('Faq_Text_Subtitle'))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: en('Faq_Link_Login') })).toHaveAttribute('href', '/Login/acme');
      expect(screen.getByRole('img', { name: en('Shell_Text_ClientLogo') })).toHaveAttribute(
        'src',
        '/api/v1/resource/loginlogo?clientId=acme',
      );
    },
    failed: async () => {
      expect(await screen.findByText(en('Faq_Text_LoadFailed'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry', hidden: true })).toBeInTheDocument();
    },
    ready: async (s) => {
      if (s.context.questions.length === 0) {
        expect(await screen.findByText(en('Faq_Text_Empty'))).toBeInTheDocument();
        return;
      }
      const categories = within(await categoryList());
      for (const part of ['Signing in', 'Your profile'])
        expect(categories.getByText(part, { selector: 'button' })).toHaveAttribute(
          'aria-pressed',
          String(part === s.context.part),
        );
      for (const question of faqQuestions) {
        const header = screen.getByRole('button', { name: question.header });
        const expanded = s.context.open.includes(question.id);
        await waitFor(() => {
          expect(header).toHaveAttribute('aria-expanded', String(expanded));
        });
        const answer = document.getElementById(header.getAttribute('aria-controls') ?? '');
        expect(answer?.hidden).toBe(!expanded);
      }
      // The answers are sanitised on render: the fixture's script and event handler never reach the page.
      expect(document.querySelector('[onclick]')).toBeNull();
      expect(document.body.innerHTML).not.toContain('faqScriptRan');
      expect(screen.getByText('Wait 30 minutes.', { selector: 'p' })).toBeInTheDocument();
    },
  },
  executors: {
    [doneEventType('load')]: ({ event }, harness) => answerCall(harness.faq, { output: event.output }),
    [errorEventType('load')]: ({ event }, harness) => answerCall(harness.faq, { error: event.error }),
    retry: async (_step, harness) => {
      await dismissModal(harness);
      await harness.user.click(await screen.findByRole('button', { name: 'Retry' }));
    },
    'part.select': async ({ event }, harness) => {
      const categories = within(await categoryList());
      await harness.user.click(categories.getByText(event.part, { selector: 'button' }));
    },
    'panel.toggle': async ({ event }, harness) => {
      await harness.user.click(screen.getByRole('button', { name: headerOf(event.id) }));
    },
  },
});
