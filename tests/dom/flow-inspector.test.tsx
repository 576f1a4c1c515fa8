import { I18nProvider } from '@lingui/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Culture } from '@contracts/culture';
import type { InspectorChannel } from '@src/inspector/channel';
import { FlowInspector } from '@src/inspector/FlowInspector';
import { machineCatalogue } from '@src/inspector/machine-catalogue';
import { helloMessage, type SnapshotMessage } from '@src/inspector/messages';
import { UiProvider } from '@src/ui/UiProvider';
import { createI18n } from '../support/i18n';

/** A machine's button in the list: its id, and `live` beside it while another tab runs it. */
const machineButton = (id: string) => ({ name: new RegExp(`^${id}\\s*(live|activa)?$`) });

/** The BroadcastChannel as the inspector page sees it, played by the test: what the page posts, and a way to deliver. */
function fakeChannel() {
  const posted: unknown[] = [];
  const receivers = new Set<(data: unknown) => void>();
  let closed = false;
  const channel: InspectorChannel = {
    post: (message) => posted.push(message),
    listen: (receive) => {
      receivers.add(receive);
      return () => receivers.delete(receive);
    },
    close: () => {
      closed = true;
    },
  };
  const deliver = (message: SnapshotMessage) => {
    act(() => {
      for (const receive of receivers) receive(message);
    });
  };
  return { channel, posted, deliver, closed: () => closed };
}

const login = (overrides: Partial<SnapshotMessage>): SnapshotMessage => ({
  protocol: 1,
  kind: 'snapshot',
  tab: 'app-tab',
  actor: 'x:7',
  machine: 'login',
  status: 'active',
  value: 'showingWidget',
  eventType: null,
  event: null,
  context: { attempts: 0 },
  at: Date.UTC(2026, 10, 27, 19, 0, 0),
  ...overrides,
});

async function renderInspector(culture: Culture = 'en-us') {
  const fake = fakeChannel();
  const i18n = await createI18n(culture);
  const view = render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <FlowInspector openChannel={() => fake.channel} tab="inspector-tab" catalogue={machineCatalogue()} />
      </I18nProvider>
    </UiProvider>,
  );
  return { ...fake, view };
}

const lit = () =>
  [...document.querySelectorAll('[data-active="true"]')].map((element) => element.getAttribute('data-state'));

describe('the flow inspector page', () => {
  it('lists the app’s machines and says hello on the channel when it opens, and closes the channel when it leaves', async () => {
    const { posted, view, closed } = await renderInspector();
    expect(posted).toEqual([helloMessage('inspector-tab')]);
    const machines = within(screen.getByRole('navigation', { name: 'Machines' }));
    for (const id of ['app', 'login', 'passwordReset', 'session']) {
      expect(machines.getByRole('button', machineButton(id))).toBeInTheDocument();
    }
    view.unmount();
    expect(closed()).toBe(true);
  });

  it('draws the chosen machine and lights the state its run in another tab is in, then the next one', async () => {
    const user = userEvent.setup();
    const { deliver } = await renderInspector();
    deliver(login({}));
    await user.click(screen.getByRole('button', machineButton('login')));
    expect(screen.getByTestId('statechart')).toHaveTextContent('widget.signedIn → validatingProfile');
    expect(lit()).toEqual(['showingWidget']);
    expect(screen.getByTestId('inspector-current')).toHaveTextContent('Current state: showingWidget');

    deliver(
      login({
        value: 'validatingProfile',
        eventType: 'widget.signedIn',
        context: { attempts: 0, tokens: '••••' },
      }),
    );
    expect(lit()).toEqual(['validatingProfile']);
    const row = within(screen.getByTestId('inspector-log')).getByText('widget.signedIn').closest('tr');
    expect(row).toHaveTextContent('validatingProfile');
    expect(row).toHaveTextContent('tokens: – → "••••"');
  });

  it('leaves out what its own tab publishes (the inspector page is an app tab too)', async () => {
    const user = userEvent.setup();
    const { deliver } = await renderInspector();
    await user.click(screen.getByRole('button', machineButton('login')));
    deliver(login({ tab: 'inspector-tab', eventType: 'widget.submitted' }));
    expect(lit()).toEqual([]);
    expect(screen.getByText('No event yet.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    const { deliver } = await renderInspector('es');
    deliver(login({ value: 'validatingProfile', eventType: 'widget.signedIn' }));
    await user.click(screen.getByRole('button', machineButton('login')));
    expect(screen.getByRole('heading', { name: 'Inspector de flujos' })).toBeInTheDocument();
    expect(screen.getByTestId('inspector-current')).toHaveTextContent('Estado actual: validatingProfile');
    expect(screen.getByRole('button', { name: 'Vaciar el registro' })).toBeInTheDocument();
  });
});
