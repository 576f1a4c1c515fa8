import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { loginMachine } from '@machines/login/login.machine';
import { selectHasWidgetFailed, selectShowsWidget } from '@machines/login/login.selectors';
import { loginContext } from '../../support/machine-contexts';

const at = (value: string) => loginMachine.resolveState({ value, context: loginContext() });

describe('login: a sign-in widget that fails to mount (issue 8: never a blank area)', () => {
  it('leaves the widget for an error with Retry', () => {
    const [next] = transition(loginMachine, at('showingWidget'), { type: 'widget.mountFailed' });
    expect(next.value).toBe('widgetFailed');
    expect(selectHasWidgetFailed(next)).toBe(true);
    expect(selectShowsWidget(next)).toBe(false);
  });

  it('mounts the widget again on Retry', () => {
    const [next] = transition(loginMachine, at('widgetFailed'), { type: 'widget.retry' });
    expect(next.value).toBe('showingWidget');
    expect(selectShowsWidget(next)).toBe(true);
    expect(selectHasWidgetFailed(next)).toBe(false);
    // The widget is an invoked listener: entering the state starts it afresh.
    expect(Object.keys(next.children)).toContain('signInWidget');
  });

  it('ignores Retry while the widget is on screen', () => {
    const [next] = transition(loginMachine, at('showingWidget'), { type: 'widget.retry' });
    expect(next.value).toBe('showingWidget');
  });
});
