import { CriticalError } from '../failures';
import type { FieldRules } from './rules';

/** The part of an input's resource data that carries rules (spec §3 "Resource data for a form input"). */
export type InputRuleData = {
  isRequired: boolean;
  /** The input's type; `date` drops the length rules. */
  type: string;
  minValue: number | null;
  maxValue: number | null;
  validationRegex: string | null;
  validationMessage: string;
  hidden: boolean;
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

const isDateType = (type: string) => type.trim().toLowerCase() === 'date';
const present = (text: string | null) => (text === null || text.trim() === '' ? undefined : text);

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
  return {
    required: data.isRequired,
    ...(data.minValue === null ? {} : { minLength: data.minValue }),
    ...(data.maxValue === null ? {} : { maxLength: data.maxValue }),
    ...(pattern === undefined ? {} : { pattern }),
    ...(message === undefined ? {} : { message }),
    isDate: isDateType(data.type),
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
  return {
    required: data.mandatory,
    minLength: data.mandatory ? 1 : 0,
    ...(data.dataLength === null ? {} : { dataLength: data.dataLength }),
    ...(pattern === undefined ? {} : { pattern }),
    ...(message === undefined ? {} : { message }),
    ...(data.messageKey === undefined ? {} : { messageKey: data.messageKey }),
    isDate: data.isDate ?? false,
  };
}
