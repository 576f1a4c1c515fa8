import { describe, expect, it } from 'vitest';
import { messageFor, type SharedMessages } from '@contracts/forms/messages';

const shared: SharedMessages = {
  required: 'This field is required.',
  maxLength: 'This value is too long.',
  pattern: 'This value does not have the expected format.',
  default: 'This value is not valid.',
};

describe('message by kind', () => {
  it('required prefers the shared label over the field message', () => {
    expect(messageFor({ kind: 'required', message: 'Name, please' }, shared)).toBe('This field is required.');
  });

  it("required falls back to the field's own message, then the default", () => {
    const withoutRequired: SharedMessages = { default: shared.default };
    expect(messageFor({ kind: 'required', message: 'Name, please' }, withoutRequired)).toBe('Name, please');
    expect(messageFor({ kind: 'required' }, withoutRequired)).toBe('This value is not valid.');
  });

  it("other kinds prefer the field's own message, then the shared label, then the default", () => {
    expect(messageFor({ kind: 'pattern', message: 'Digits only' }, shared)).toBe('Digits only');
    expect(messageFor({ kind: 'pattern' }, shared)).toBe('This value does not have the expected format.');
    expect(messageFor({ kind: 'email' }, shared)).toBe('This value is not valid.');
  });
});
