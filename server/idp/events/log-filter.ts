import { oktaErrors } from '../authn/errors';

/** The LogEvent attributes a `filter` may compare (Okta's filter expressions on the System Log, a subset). */
export const filterFields = [
  'eventType',
  'severity',
  'outcome.result',
  'outcome.reason',
  'actor.id',
  'actor.alternateId',
  'target.id',
  'client.ipAddress',
] as const;
export type FilterField = (typeof filterFields)[number];

/** A parsed filter: `field eq "value"` terms joined by and/or (and binds tighter), as written with parentheses. */
export type LogFilter =
  { field: FilterField; value: string } | { join: 'and' | 'or'; left: LogFilter; right: LogFilter };

type Token = { kind: '(' | ')' } | { kind: 'word' | 'string'; text: string };

const refuse = (why: string) => oktaErrors.invalidSearch([`filter: ${why}`]);

function tokenise(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\()|(\))|"((?:[^"\\]|\\.)*)"|([A-Za-z][\w.]*))/y;
  let at = 0;
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(expression);
    if (!match) throw refuse(`unexpected text at position ${at + 1}: ${expression.slice(at, at + 20).trim()}`);
    at = pattern.lastIndex;
    if (match[1]) tokens.push({ kind: '(' });
    else if (match[2]) tokens.push({ kind: ')' });
    else if (match[3] !== undefined) tokens.push({ kind: 'string', text: match[3].replace(/\\(.)/g, '$1') });
    else tokens.push({ kind: 'word', text: match[4] ?? '' });
  }
  return tokens;
}

const isField = (text: string): text is FilterField => (filterFields as readonly string[]).includes(text);

/**
 * Parses Okta's SCIM-like filter, the part we support: `field eq "value"` on the fields above, joined by `and` and
 * `or`, grouped by parentheses. Anything else (another operator, an unknown field, a value without quotes, an
 * unbalanced parenthesis) is refused with 400 E0000031 and a cause that names what was wrong, never guessed at.
 */
export function parseLogFilter(expression: string): LogFilter {
  const tokens = tokenise(expression);
  let at = 0;
  const peekWord = () => {
    const token = tokens[at];
    return token?.kind === 'word' ? token.text.toLowerCase() : undefined;
  };

  const term = (): LogFilter => {
    const token = tokens[at];
    if (token?.kind === '(') {
      at += 1;
      const inner = disjunction();
      if (tokens[at]?.kind !== ')') throw refuse('a parenthesis is not closed');
      at += 1;
      return inner;
    }
    if (token?.kind !== 'word') throw refuse('expected an attribute such as eventType');
    const field = token.text;
    if (!isField(field)) throw refuse(`unsupported attribute ${field}; supported: ${filterFields.join(', ')}`);
    at += 1;
    const operator = peekWord();
    if (operator !== 'eq') throw refuse(`unsupported operator after ${field}; only eq is supported`);
    at += 1;
    const value = tokens[at];
    if (value?.kind !== 'string') throw refuse(`the value compared with ${field} must be in double quotes`);
    at += 1;
    return { field, value: value.text };
  };

  const conjunction = (): LogFilter => {
    let left = term();
    while (peekWord() === 'and') {
      at += 1;
      left = { join: 'and', left, right: term() };
    }
    return left;
  };

  const disjunction = (): LogFilter => {
    let left = conjunction();
    while (peekWord() === 'or') {
      at += 1;
      left = { join: 'or', left, right: conjunction() };
    }
    return left;
  };

  if (tokens.length === 0) throw refuse('the expression is empty');
  const filter = disjunction();
  if (at < tokens.length) throw refuse('unexpected text after a complete expression');
  return filter;
}
