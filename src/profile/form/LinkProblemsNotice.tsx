import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { LinkProblem } from '@machines/profile-form/link-controls';
import { selectLinkProblems } from '@machines/profile-form/profile-form.selectors';
import { DialogNotice } from '../../ui/DialogNotice';
import type { ProfileFormRef } from './profile-form-ref';

/**
 * What the address asked of the form and did not get (docs/links.md "Bad links"): a parameter too long to use, or a
 * meta tag in `EF`/`DF` that no field has. The rest of the link still applies; nothing here is ever shown as markup.
 */
export function LinkProblemsNotice({ formRef }: { formRef: ProfileFormRef }) {
  const { t } = useLingui();
  const problems = useSelector(formRef, selectLinkProblems);
  if (problems.length === 0) return null;
  const describe = (problem: LinkProblem) => {
    const { parameter } = problem;
    if (problem.kind === 'tooLong')
      return t({ id: 'Instance_Text_LinkValueTooLong', message: `${parameter} is too long` });
    const { tag } = problem;
    return t({ id: 'Instance_Text_LinkUnknownTag', message: `${parameter} names no field: ${tag}` });
  };
  const unused = problems.map(describe).join('; ');
  const text = t({
    id: 'Instance_Text_LinkNotUsed',
    message: `This link carried values that were not used: ${unused}.`,
  });
  return <DialogNotice status="warning" text={text} data-testid="link-problems" />;
}
