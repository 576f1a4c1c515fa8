import type { Culture } from '@contracts/culture';
import type { FaqQuestion } from '@contracts/resources';
import type { ReportingPorts } from '../support/ports';

export type FaqInput = {
  /** UUID or portal alias of the client from the route; none: the provider's (global) questions. */
  clientId: string | undefined;
  culture: Culture;
  ports: ReportingPorts;
};

export type FaqContext = FaqInput & {
  questions: readonly FaqQuestion[];
  /** The selected category (a question's Part); undefined until the questions are in, or when there are none. */
  part: string | undefined;
  /** Ids of the expanded panels. */
  open: readonly string[];
};

export type FaqEvent =
  | { type: 'retry' }
  /** A category of the list beside the panels (large screens). */
  | { type: 'part.select'; part: string }
  /** A panel's header: expands or collapses it. */
  | { type: 'panel.toggle'; id: string };
