import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClientCreateSchema } from '@contracts/admin/clients';
import { ApiError } from '@contracts/failures';
import { detailMessages, detailOf, failureOfDetail, problemOnForm } from '@contracts/forms/problem';

const inputs = ['name', 'portalAlias', 'oktaPrefix'] as const;

describe('a refused save on a form', () => {
  it('a 400 naming inputs gives each its first failure, by kind', () => {
    const mapped = problemOnForm(
      {
        code: 'validation_failed',
        details: [
          { field: 'body.name', message: detailMessages.required },
          { field: 'body.name', message: detailMessages.maxLength(100) },
          { field: 'body.portalAlias', message: detailMessages.maxLength(40) },
          { field: 'body.oktaPrefix', message: '2 to 20 letters or digits' },
        ],
      },
      inputs,
    );
    expect(mapped).toEqual({
      fields: { name: { kind: 'required' }, portalAlias: { kind: 'maxLength' }, oktaPrefix: { kind: 'invalid' } },
    });
  });

  it('a 409 duplicate names its input', () => {
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Another record already has this portal alias.',
      requestId: 'r1',
      details: [{ field: 'body.portalAlias', message: detailMessages.duplicate }],
    });
    expect(problemOnForm(error, inputs)).toEqual({ fields: { portalAlias: { kind: 'invalid' } } });
  });

  it('a nested path names its top input; inputs the form does not have and other parts are left out', () => {
    expect(
      problemOnForm(
        {
          code: 'validation_failed',
          details: [
            { field: 'body.name.first', message: detailMessages.required },
            { field: 'query.name', message: detailMessages.required },
            { field: 'body.version', message: 'Invalid type' },
          ],
        },
        inputs,
      ),
    ).toEqual({ fields: { name: { kind: 'required' } } });
  });

  it('a 409 stale update is a form-level message', () => {
    expect(problemOnForm({ code: 'stale_update' }, inputs)).toEqual({ fields: {}, form: 'stale' });
  });

  it('a refusal naming no input of the form is form-level', () => {
    expect(problemOnForm({ code: 'validation_failed', details: [] }, inputs)).toEqual({ fields: {}, form: 'invalid' });
    expect(problemOnForm({ code: 'conflict' }, inputs)).toEqual({ fields: {}, form: 'conflict' });
  });

  it('other problems are not the form’s to show', () => {
    expect(problemOnForm({ code: 'unauthorized' }, inputs)).toBeUndefined();
    expect(problemOnForm({ code: 'internal' }, inputs)).toBeUndefined();
  });
});

describe('the server words the problem mapping reads', () => {
  it('a blank and a too long name, as the client contract refuses them, read back as required and maxLength', () => {
    const detailsOf = (body: Record<string, unknown>) =>
      (v.safeParse(ClientCreateSchema, body).issues ?? []).map((issue) => ({
        field: `body.${String(issue.path?.[0]?.key)}`,
        message: issue.message,
      }));
    const valid = { name: 'Acme', portalAlias: 'acme', oktaPrefix: 'ACME', cmsClientId: null };
    expect(problemOnForm({ code: 'validation_failed', details: detailsOf({ ...valid, name: ' ' }) }, inputs)).toEqual({
      fields: { name: { kind: 'required' } },
    });
    expect(
      problemOnForm({ code: 'validation_failed', details: detailsOf({ ...valid, name: 'x'.repeat(101) }) }, inputs),
    ).toEqual({ fields: { name: { kind: 'maxLength' } } });
  });
});

describe('localisable refusals of the field rules (issue 29 §7)', () => {
  it('writes the kind and the field’s message key beside the English words, and reads them back', () => {
    const failure = { kind: 'pattern', message: 'Enter the 9 digits.', messageKey: 'FormField_Message_Ssn' } as const;
    const detail = detailOf('body.fields.Ssn', failure, { pattern: '^\\d{9}$' });
    expect(detail).toEqual({
      field: 'body.fields.Ssn',
      message: detailMessages.pattern,
      kind: 'pattern',
      messageKey: 'FormField_Message_Ssn',
    });
    expect(failureOfDetail(detail)).toEqual({ kind: 'pattern', messageKey: 'FormField_Message_Ssn' });
    expect(problemOnForm({ code: 'validation_failed', details: [detail] }, ['fields.Ssn'])).toEqual({
      fields: { 'fields.Ssn': { kind: 'pattern', messageKey: 'FormField_Message_Ssn' } },
    });
  });

  it('reads a detail without a kind from its English words, as before', () => {
    expect(failureOfDetail({ field: 'body.name', message: detailMessages.required })).toEqual({ kind: 'required' });
    expect(failureOfDetail({ field: 'body.name', message: detailMessages.duplicate })).toEqual({ kind: 'invalid' });
  });
});
