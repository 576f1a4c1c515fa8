import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FaqQuestion } from '@contracts/resources';
import { selectFaqRef } from '@machines/app/app.selectors';
import type { faqMachine } from '@machines/faq/faq.machine';
import {
  selectClientId,
  selectOpenPanels,
  selectParts,
  selectQuestions,
  selectSection,
  selectSelectedPart,
} from '@machines/faq/faq.selectors';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';
import { LoadFailedNotice } from '../profile/LoadFailedNotice';
import { OnwardLink } from '../profile/OnwardLink';
import { PublicPageHeading } from '../profile/PublicPageHeading';
import { HtmlLabel } from '../ui/HtmlLabel';
import { BusySpinner } from '../ui/BusySpinner';

type FaqRef = ActorRefFrom<typeof faqMachine>;

/** Large screens show the category list beside the panels; small ones one accordion of every question. */
const WIDE = 'lg';

/**
 * The help page (spec public-and-profile §2 "Help (FAQ) page"; docs/flows/faq.md): the client's logo, the way back
 * to sign in, the title and subtitle, then the questions. One list of panels serves both sizes: on a large screen the
 * panels of other categories are hidden and the categories stand beside them; on a small one every panel shows.
 * Answers are HTML from administrators, sanitised on render (HtmlLabel, DOMPurify).
 */
export function FaqPage() {
  const faqRef = AppActor.useSelector(selectFaqRef);
  return faqRef ? <Faq faqRef={faqRef} /> : null;
}

function Faq({ faqRef }: { faqRef: FaqRef }) {
  const { i18n } = useLingui();
  const section = useSelector(faqRef, selectSection);
  const clientId = useSelector(faqRef, selectClientId);
  return (
    <Stack gap="6">
      <PublicPageHeading clientId={clientId} title={i18n._(labels.Faq_Text_Title)} />
      <Text textAlign="center" color="fg.muted">
        {i18n._(labels.Faq_Text_Subtitle)}
      </Text>
      <Box alignSelf="center">
        <OnwardLink href={paths.login(clientId === undefined ? {} : { clientId })}>
          {i18n._(labels.Faq_Link_Login)}
        </OnwardLink>
      </Box>
      {section === 'loading' ? <BusySpinner alignSelf="center" /> : null}
      {section === 'failed' ? (
        <LoadFailedNotice
          message={i18n._(labels.Faq_Text_LoadFailed)}
          onRetry={() => {
            faqRef.send({ type: 'retry' });
          }}
        />
      ) : null}
      {section === 'empty' ? <Text textAlign="center">{i18n._(labels.Faq_Text_Empty)}</Text> : null}
      {section === 'questions' ? <Questions faqRef={faqRef} /> : null}
    </Stack>
  );
}

function Questions({ faqRef }: { faqRef: FaqRef }) {
  const { i18n } = useLingui();
  const parts = useSelector(faqRef, selectParts);
  const selected = useSelector(faqRef, selectSelectedPart);
  const questions = useSelector(faqRef, selectQuestions);
  const open = useSelector(faqRef, selectOpenPanels);
  return (
    <Stack direction="row" gap="6" align="start">
      <Stack as="nav" aria-label={i18n._(labels.Faq_Text_Categories)} display={{ base: 'none', [WIDE]: 'flex' }}>
        <Heading as="h2" size="sm">
          {i18n._(labels.Faq_Text_Categories)}
        </Heading>
        {parts.map((part) => (
          <Button
            key={part}
            variant={part === selected ? 'solid' : 'ghost'}
            justifyContent="start"
            aria-pressed={part === selected}
            onClick={() => {
              faqRef.send({ type: 'part.select', part });
            }}
          >
            {part}
          </Button>
        ))}
      </Stack>
      <Stack flex="1" gap="2">
        {questions.map((question) => (
          <Panel
            key={question.id}
            question={question}
            expanded={open.includes(question.id)}
            inSelectedPart={question.part === selected}
            onToggle={() => {
              faqRef.send({ type: 'panel.toggle', id: question.id });
            }}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** One collapsible question: its header toggles the answer. */
function Panel({
  question,
  expanded,
  inSelectedPart,
  onToggle,
}: {
  question: FaqQuestion;
  expanded: boolean;
  inSelectedPart: boolean;
  onToggle: () => void;
}) {
  const answerId = `faq-answer-${question.id}`;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      data-part={question.part}
      display={{ base: 'block', [WIDE]: inSelectedPart ? 'block' : 'none' }}
    >
      <Heading as="h3" size="md">
        <Button
          variant="ghost"
          width="full"
          justifyContent="start"
          whiteSpace="normal"
          textAlign="start"
          aria-expanded={expanded}
          aria-controls={answerId}
          onClick={onToggle}
        >
          {question.header}
        </Button>
      </Heading>
      <HtmlLabel id={answerId} html={question.questionText} hidden={!expanded} paddingX="4" paddingBottom="4" />
    </Box>
  );
}
