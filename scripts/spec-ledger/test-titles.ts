import ts from 'typescript';
import { eachPattern, type TitlePattern, wildcard } from './title-match';

const testFunctions = new Set(['it', 'test', 'describe']);

/** Modifiers under which a test does not run, or may not (`skipIf`, `runIf`): such a test proves nothing. */
const notRun = new Set(['skip', 'todo', 'fails', 'skipIf', 'runIf']);

/** `it`, `it.each(…)`, `describe.only`, `test.skip.each(…)`: the base name, a table applied, a run skipped. */
function calleeOf(expression: ts.Expression): { name: string; each: boolean; skipped: boolean } | undefined {
  if (ts.isIdentifier(expression))
    return testFunctions.has(expression.text) ? { name: expression.text, each: false, skipped: false } : undefined;
  if (ts.isPropertyAccessExpression(expression)) {
    const inner = calleeOf(expression.expression);
    const modifier = expression.name.text;
    return (
      inner && { ...inner, each: inner.each || modifier === 'each', skipped: inner.skipped || notRun.has(modifier) }
    );
  }
  if (ts.isCallExpression(expression)) return calleeOf(expression.expression);
  return undefined;
}

function patternOf(argument: ts.Expression): TitlePattern | undefined {
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return [argument.text];
  if (ts.isTemplateExpression(argument))
    return [argument.head.text, ...argument.templateSpans.flatMap((span) => [wildcard, span.literal.text])];
  return undefined;
}

/**
 * The describe title a generated walk file gives `describeWalks(machine, { title: '…' })` (tests/support/walk.ts), which
 * that helper passes to `describe`: a fragment of it is settled here without asking Vitest to collect the walks.
 */
function walkTitleOf(node: ts.CallExpression): TitlePattern | undefined {
  if (!ts.isIdentifier(node.expression) || node.expression.text !== 'describeWalks') return undefined;
  const spec = node.arguments[1];
  if (!spec || !ts.isObjectLiteralExpression(spec)) return undefined;
  const title = spec.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'title',
  );
  return title ? patternOf(title.initializer) : undefined;
}

/**
 * The titles of the `describe`/`it`/`test` calls of a test file (and the describe title of its generated walks), read
 * from its syntax tree (not run): fast enough for a unit test over every file the ledger names. Titles built at run
 * time (the walks' machine paths) are not here.
 */
export function testTitlesOf(fileName: string, source: string): TitlePattern[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const titles: TitlePattern[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = calleeOf(node.expression);
      const [first] = node.arguments;
      const pattern = callee && first ? patternOf(first) : undefined;
      if (callee && pattern && !callee.skipped) titles.push(callee.each ? eachPattern(pattern) : pattern);
      const walks = walkTitleOf(node);
      if (walks) titles.push(walks);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}
