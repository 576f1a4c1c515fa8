import { CriticalError } from '../failures';
import { maskOf } from './mask';
import type { FieldRules } from './rules';

/** The part of an input's resource data that carries rules (spec §3 "Resource data for a form input"). */
export type InputRuleData = {
  isRequired: boolean;
  /**
   * The input's type, read without case: `date` drops the length rules; `dob` (a date of birth: never in the future,
   * MinValue the minimum age in years), `pastDate` (never in the future) and `height` (MinValue and MaxValue bound the
   * number, not its length) give the further kinds of spec §5. Any other type keeps the length rules.
   */
  type: string;
  minValue: number | null;
  maxValue: number | null;
  validationRegex: string | null;
  validationMessage: string;
  hidden: boolean;
  /** The input's mask (contracts/forms/mask.ts); an invalid one shapes and checks nothing. */
  maskRegex?: string | null;
};

/** The part of a profile form field that carries rules (spec §3 "Form field"). */
export type FormFieldRuleData = {
  mandatory: boolean;
  /** Shown as a date or time input: the length rules do not apply (spec §5). */
  isDate?: boolean;
  dataLength: number | null;
  validationRegex: string | null;
  validationMessage: string | null;
  /** The label key of the field's own message in every culture (`fieldMessageKey`). */
  messageKey?: string;
  hidden: boolean;
  /** The field definition's MaskRegex (contracts/forms/mask.ts); an invalid one shapes and checks nothing. */
  maskRegex?: string | null;
};

/** Why an input's rules cannot be built. Shown as "Invalid Resource" (Global_Error_InvalidResource). */
export type InvalidResourceReason = 'missing' | 'negativeMin' | 'minAboveMax';

/**
 * The critical error of spec §5: an input without resource data, a negative minimum or a minimum above the maximum.
 * A programming or content error, never a person's mistake, so it is thrown rather than returned as a failure.
 */
export class InvalidResourceError extends CriticalError {
  readonly reason: InvalidResourceReason;
  readonly input: string;
  constructor(input: string, reason: InvalidResourceReason) {
    super('Invalid Resource');
    this.input = input;
    this.reason = reason;
  }
}

const present = (text: string | null) => (text === null || text.trim() === '' ? undefined : text);

/** The input types whose MinValue and MaxValue are no lengths (spec §5 "Further keys"). */
type RuleType = 'date' | 'dob' | 'pastdate' | 'height' | 'other';
function ruleTypeOf(type: string): RuleType {
  const read = type.trim().toLowerCase();
  return read === 'date' || read === 'dob' || read === 'pastdate' || read === 'height' ? read : 'other';
}

/** What MinValue and MaxValue bound for an input of this type: a length, an age, a height. */
function boundsOf(type: RuleType, min: number | null, max: number | null): FieldRules {
  switch (type) {
    case 'dob':
      return { isDate: true, notFuture: 'dob', ...(min === null ? {} : { minAge: min }) };
    case 'pastdate':
      return { isDate: true, notFuture: 'date' };
    case 'height':
      return { ...(min === null ? {} : { minHeight: min }), ...(max === null ? {} : { maxHeight: max }) };
    case 'date':
    case 'other':
      return {
        ...(min === null ? {} : { minLength: min }),
        ...(max === null ? {} : { maxLength: max }),
        isDate: type === 'date',
      };
  }
}

/**
 * The rules of a form input from its resource data. Hidden inputs drop their validators (an empty rule set); an input
 * without data, with a negative MinValue or with MinValue above MaxValue throws `InvalidResourceError`.
 */
export function rulesOfInput(input: string, data: InputRuleData | undefined | null): FieldRules {
  if (data === undefined || data === null) throw new InvalidResourceError(input, 'missing');
  if (data.minValue !== null && data.minValue < 0) throw new InvalidResourceError(input, 'negativeMin');
  if (data.minValue !== null && data.maxValue !== null && data.minValue > data.maxValue)
    throw new InvalidResourceError(input, 'minAboveMax');
  if (data.hidden) return {};
  const message = present(data.validationMessage);
  const pattern = present(data.validationRegex);
  const mask = maskOf(data.maskRegex);
  return {
    required: data.isRequired,
    ...boundsOf(ruleTypeOf(data.type), data.minValue, data.maxValue),
    ...(pattern === undefined ? {} : { pattern }),
    ...(mask === undefined ? {} : { mask }),
    ...(message === undefined ? {} : { message }),
  };
}

/**
 * The rules of a profile form field (spec §5 "For form fields"): minimum length 1 when mandatory, else 0; maximum the
 * data length. Hidden fields drop their validators.
 */
export function rulesOfFormField(data: FormFieldRuleData): FieldRules {
  if (data.hidden) return {};
  const message = present(data.validationMessage);
  const pattern = present(data.validationRegex);
  const mask = maskOf(data.maskRegex);
  return {
    required: data.mandatory,
    minLength: data.mandatory ? 1 : 0,
    ...(data.dataLength === null ? {} : { dataLength: data.dataLength }),
    ...(pattern === undefined ? {} : { pattern }),
    ...(mask === undefined ? {} : { mask }),
    ...(message === undefined ? {} : { message }),
    ...(data.messageKey === undefined ? {} : { messageKey: data.messageKey }),
    isDate: data.isDate ?? false,
  };
}
