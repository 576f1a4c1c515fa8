import { useChakraContext, type SystemStyleObject } from '@chakra-ui/react';
import { ClassNames } from '@emotion/react';
import { createContext, useContext, type ReactNode } from 'react';

/** The class names of a labelled field's parts, drawn from the theme's own recipes (field, input, textarea). */
export type FieldClasses = {
  root: string;
  label: string;
  requiredIndicator: string;
  errorText: string;
  helperText: string;
  input: string;
  textarea: string;
};

const FieldClassesContext = createContext<FieldClasses | null>(null);

type CssToClass = (style: Record<string, unknown>) => string;

/**
 * Why this exists: a Chakra `Field` with its `Input` styles every element on every render (recipe → CSS object →
 * emotion serialisation) and runs Ark's field hooks with a MutationObserver per field. A form with 200 fields spent
 * most of its first render there (docs/benchmarks.md "Profile form"). The theme's recipes do not change while the app
 * runs, so their class names are computed once here and every field reuses them; the look stays the theme's.
 */
function computeClasses(system: ReturnType<typeof useChakraContext>, toClass: CssToClass): FieldClasses {
  // The recipe functions are typed `any` by Chakra; each is called with no variant props (the theme's defaults).
  const slotRecipe = system.getSlotRecipeFn('field') as (
    props: object,
  ) => Record<string, SystemStyleObject | undefined>;
  const recipe = (key: string) => system.getRecipeFn(key) as (props: object) => SystemStyleObject;
  const field = slotRecipe({});
  const input = recipe('input')({});
  const textarea = recipe('textarea')({});
  const classOf = (style: SystemStyleObject | undefined) => toClass(system.css(style ?? {}));
  return {
    root: classOf(field.root),
    label: classOf(field.label),
    requiredIndicator: classOf(field.requiredIndicator),
    errorText: classOf(field.errorText),
    helperText: classOf(field.helperText),
    input: classOf(input),
    textarea: classOf(textarea),
  };
}

/**
 * One set per theme. Emotion's `ClassNames` inserts a rule only when `css` is called during its own render, and keeps
 * inserted rules for the life of the page, so the first provider to render computes the set and every later one reuses
 * it without calling `css` again.
 */
const computed = new WeakMap<object, FieldClasses>();

/** Gives every labelled field below it the theme's field classes; `UiProvider` puts it under the Chakra provider. */
export function FieldClassesProvider({ children }: { children: ReactNode }) {
  const system = useChakraContext();
  return (
    <ClassNames>
      {(content) => {
        let classes = computed.get(system);
        if (classes === undefined) {
          classes = computeClasses(system, (style) => content.css(style as Parameters<typeof content.css>[0]));
          computed.set(system, classes);
        }
        return <FieldClassesContext.Provider value={classes}>{children}</FieldClassesContext.Provider>;
      }}
    </ClassNames>
  );
}

export function useFieldClasses(): FieldClasses {
  const classes = useContext(FieldClassesContext);
  if (classes === null) throw new Error('A labelled field needs UiProvider (src/ui/UiProvider.tsx) above it.');
  return classes;
}
