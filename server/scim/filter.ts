import { ScimError } from './errors';

/**
 * SCIM filters (RFC 7644 §3.4.2.2), parsed by hand into a small tree: `attrPath op value`, `attrPath pr`, `and`, `or`,
 * `not (…)`, parentheses and value paths (`emails[type eq "work" and value co "@acme"]`). Names and operators are
 * compared without case, as the RFC says. Anything else is `invalidFilter` (400) with the position it stopped at, never
 * a server error. What a name means is not decided here: filter-sql.ts maps the known ones and refuses the rest.
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'compare'; attribute: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; attribute: string };

const compareOps = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: '(' | ')' | '[' | ']'; at: number }
  | { type: 'end'; at: number };

/** Longer than any real filter: a bound on the work one request can ask for. */
const MAX_LENGTH = 4096;
const MAX_DEPTH = 32;

const invalid = (message: string) => new ScimError(400, `Invalid filter: ${message}`, 'invalidFilter');

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: c, at: i });
      i += 1;
    } else if (c === '"') {
      const start = i;
      let text = '';
      i += 1;
      for (;;) {
        if (i >= input.length) throw invalid(`the string at ${String(start)} is not closed`);
        const d = input[i] ?? '';
        if (d === '"') break;
        if (d === '\\') {
          // JSON string escapes (RFC 7644: values are JSON).
          const e = input[i + 1] ?? '';
          const simple: Record<string, string> = {
            '"': '"',
            '\\': '\\',
            '/': '/',
            b: '\b',
            f: '\f',
            n: '\n',
            r: '\r',
            t: '\t',
          };
          const escaped = simple[e];
          if (escaped !== undefined) {
            text += escaped;
            i += 2;
          } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(input.slice(i + 2, i + 6))) {
            text += String.fromCharCode(parseInt(input.slice(i + 2, i + 6), 16));
            i += 6;
          } else throw invalid(`bad escape at ${String(i)}`);
        } else {
          text += d;
          i += 1;
        }
      }
      tokens.push({ type: 'string', text, at: start });
      i += 1;
    } else {
      const start = i;
      while (i < input.length && !/[\s()[\]"]/.test(input[i] ?? '')) i += 1;
      tokens.push({ type: 'word', text: input.slice(start, i), at: start });
    }
  }
  tokens.push({ type: 'end', at: input.length });
  return tokens;
}

/** An attribute path: optional schema URN, a name, an optional sub-attribute (`urn:…:User:name.givenName`). */
const ATTRIBUTE = /^(?:urn:[a-z0-9][a-z0-9.:-]*:)?[a-z][a-z0-9_$-]*(?:\.[a-z][a-z0-9_$-]*)?$/i;

export function parseFilter(input: string): Filter {
  if (input.length > MAX_LENGTH) throw invalid(`longer than ${String(MAX_LENGTH)} characters`);
  const tokens = tokenize(input);
  let position = 0;
  const peek = (): Token => tokens[position] ?? { type: 'end', at: input.length };
  const next = (): Token => {
    const token = peek();
    position += 1;
    return token;
  };
  const isWord = (token: Token, word: string): boolean => token.type === 'word' && token.text.toLowerCase() === word;
  const describe = (token: Token) =>
    token.type === 'end' ? 'the end' : `"${'text' in token ? token.text : token.type}" at ${String(token.at)}`;
  const expect = (type: ')' | ']') => {
    const token = next();
    if (token.type !== type) throw invalid(`expected "${type}", found ${describe(token)}`);
  };

  function orExpression(depth: number, prefix: string): Filter {
    if (depth > MAX_DEPTH) throw invalid('nested too deeply');
    let left = andExpression(depth, prefix);
    while (isWord(peek(), 'or')) {
      next();
      left = { kind: 'or', left, right: andExpression(depth, prefix) };
    }
    return left;
  }
  function andExpression(depth: number, prefix: string): Filter {
    let left = unary(depth, prefix);
    while (isWord(peek(), 'and')) {
      next();
      left = { kind: 'and', left, right: unary(depth, prefix) };
    }
    return left;
  }
  function unary(depth: number, prefix: string): Filter {
    const token = peek();
    if (isWord(token, 'not')) {
      next();
      if (peek().type !== '(') throw invalid(`"not" must be followed by "(", found ${describe(peek())}`);
      next();
      const inner = orExpression(depth + 1, prefix);
      expect(')');
      return { kind: 'not', filter: inner };
    }
    if (token.type === '(') {
      next();
      const inner = orExpression(depth + 1, prefix);
      expect(')');
      return inner;
    }
    return attributeExpression(depth, prefix);
  }
  function attributeExpression(depth: number, prefix: string): Filter {
    const token = next();
    if (token.type !== 'word' || !ATTRIBUTE.test(token.text))
      throw invalid(`expected an attribute name, found ${describe(token)}`);
    const attribute = prefix === '' ? token.text : `${prefix}.${token.text}`;
    if (peek().type === '[') {
      // A value path: the filter inside applies to the sub-attributes of a multi-valued attribute.
      if (prefix !== '') throw invalid(`value paths cannot be nested (at ${String(token.at)})`);
      next();
      const inner = orExpression(depth + 1, token.text);
      expect(']');
      return inner;
    }
    const operator = next();
    if (operator.type !== 'word') throw invalid(`expected an operator, found ${describe(operator)}`);
    const op = operator.text.toLowerCase();
    if (op === 'pr') return { kind: 'present', attribute };
    if (!compareOps.has(op)) throw invalid(`unknown operator "${operator.text}" at ${String(operator.at)}`);
    return { kind: 'compare', attribute, op: op as CompareOp, value: literal(next()) };
  }
  function literal(token: Token): FilterValue {
    if (token.type === 'string') return token.text;
    if (token.type === 'word') {
      const word = token.text.toLowerCase();
      if (word === 'true') return true;
      if (word === 'false') return false;
      if (word === 'null') return null;
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token.text)) return Number(token.text);
    }
    throw invalid(`expected a value, found ${describe(token)}`);
  }

  if (peek().type === 'end') throw invalid('it is empty');
  const filter = orExpression(0, '');
  if (peek().type !== 'end') throw invalid(`unexpected ${describe(peek())}`);
  return filter;
}
