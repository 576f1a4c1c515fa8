import type { FaqQuestion } from '@contracts/resources';
import type { FaqEntry } from '@contracts/admin/faq';

const question = (id: string, part: string, header: string, questionText: string, order: number): FaqQuestion => ({
  id,
  part,
  section: 'A',
  header,
  tags: '',
  questionText,
  order,
});

/**
 * A help page of two categories, as GET resource/faq answers it: three questions about signing in and one about the
 * profile. One answer carries a script and an event handler, which the page must never run.
 */
export const faqQuestions: readonly FaqQuestion[] = [
  question('q1', 'Signing in', 'I forgot my password', '<p>Choose <strong>Forgot password</strong>.</p>', 1),
  question(
    'q2',
    'Signing in',
    'Why is my account locked?',
    '<p onclick="alert(1)">Wait 30 minutes.</p><script>window.faqScriptRan = true</script>',
    2,
  ),
  question('q3', 'Your profile', 'How do I change my phone?', '<p>Open <em>Edit Profile</em>.</p>', 3),
];

/** Acme's id, as the editor's rows carry it (the scope is the page's; the rows only say whose they are). */
const acmeClientId = '77bf73c2-d10e-469e-97ab-b11324076f2c';

/** One question as the FAQ editor reads it (GET Faq/:clientId): the help page's fields, its scope and version. */
export const faqEntry = (overrides: Partial<FaqEntry> = {}): FaqEntry => ({
  id: '3f1c4a52-7a43-4c7e-9d0e-0a7f0d6f2b11',
  clientId: acmeClientId,
  culture: 'en-us',
  part: 'Billing',
  section: 'A',
  header: 'Where do I see my invoice?',
  tags: 'invoice',
  questionText: '<p>Under <strong>My invoices</strong>.</p>',
  order: 5,
  version: 3,
  ...overrides,
});

/** `count` questions of one scope, in their order: enough for the grid to page (ten a page). */
export const manyFaqEntries = (count: number): FaqEntry[] =>
  Array.from({ length: count }, (_, index) =>
    faqEntry({
      id: `3f1c4a52-7a43-4c7e-9d0e-${String(index).padStart(12, '0')}`,
      part: index % 2 === 0 ? 'Billing' : 'Signing in',
      header: `Question ${index + 1}`,
      order: index + 1,
    }),
  );
