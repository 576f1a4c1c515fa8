import type { Browser, BrowserContext } from 'playwright-core';
import { identityPages } from '../e2e/identity';
import type { Person } from './gallery-types';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The demo world's people the shots sign in as (docs/demo-world.md). */
const usernames: Record<Exclude<Person, 'anonymous'>, string> = {
  providerAdmin: 'admin@gatehouse.test',
  boardUser: 'maria@acme.test',
};

/**
 * Each person signs in once, through the real Sign-In Widget, and every shot of theirs starts from that browser
 * storage (the SPA keeps its tokens in local storage), so a shot costs a page load, not a sign-in.
 */
export function signedInPeople(browser: Browser, baseUrl: string) {
  const states = new Map<Person, Promise<StorageState>>();
  const signIn = async (username: string): Promise<StorageState> => {
    const context = await browser.newContext({ baseURL: baseUrl });
    try {
      const page = await context.newPage();
      await identityPages.openLogin(page);
      await identityPages.signIn(page, username);
      await identityPages.waitForPathOtherThanLogin(page);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };
  return {
    /** The storage a shot's context starts with; undefined for nobody signed in. */
    storageOf(person: Person): Promise<StorageState> | undefined {
      if (person === 'anonymous') return undefined;
      let state = states.get(person);
      if (state === undefined) {
        state = signIn(usernames[person]);
        states.set(person, state);
      }
      return state;
    },
  };
}
