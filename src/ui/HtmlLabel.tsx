import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { readMarks, stripMarks } from '../i18n/edit-markers';
import { sanitiseHtml } from '../i18n/sanitise';

/** Set by HtmlLabel on its box while Edit Mode marks texts: the whole HTML block edits as one label. */
export const HTML_EDIT_KEY_ATTRIBUTE = 'data-edit-html-key';

/**
 * Renders a text that may carry HTML (labels administrators edit in rich text, server messages). The HTML is
 * sanitised first (src/i18n/sanitise.ts, DOMPurify with the project's allow-list): scripts, styles, event handlers
 * and links other than http, https and mailto never reach the page. In Edit Mode the label's mark
 * (src/i18n/edit-markers.ts) moves from the HTML to the box, so a click anywhere in the block edits that label.
 */
export function HtmlLabel({
  html,
  ...props
}: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const safe = useMemo(() => sanitiseHtml(stripMarks(html)), [html]);
  const [editKey] = readMarks(html);
  return (
    <Box
      {...props}
      {...(editKey === undefined ? {} : { [HTML_EDIT_KEY_ATTRIBUTE]: editKey })}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
