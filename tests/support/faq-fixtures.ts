import type { FaqQuestion } from '@contracts/resources';

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
