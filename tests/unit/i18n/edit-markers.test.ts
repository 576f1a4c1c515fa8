import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { enableEditMarkers, markText, readMarks, stripMarks } from '@src/i18n/edit-markers';
import { compileLabelValue, messageToLabelValue } from '@src/i18n/overrides';
import { looksLikeHtml } from '@src/i18n/sanitise';

describe('Edit Mode markers (docs/i18n.md "Edit Mode")', () => {
  it('carries the id invisibly: the text reads the same, the id comes back out', () => {
    const marked = markText('Login_Text_Title', 'Sign in');
    expect(marked).not.toBe('Sign in');
    expect(stripMarks(marked)).toBe('Sign in');
    expect(readMarks(marked)).toEqual(['Login_Text_Title']);
    expect(readMarks(`${marked} · ${markText('Global_Button_Ok', 'Ok')}`)).toEqual([
      'Login_Text_Title',
      'Global_Button_Ok',
    ]);
    expect(readMarks('Sign in')).toEqual([]);
  });

  it('marks every id of a large catalogue distinctly', () => {
    const ids = Array.from({ length: 700 }, (_, index) => `Area_Text_N${String(index)}`);
    const marked = ids.map((id) => markText(id, 'x'));
    expect(marked.flatMap((text) => readMarks(text))).toEqual(ids);
  });

  it('marks what the instance translates while on, and nothing once off', () => {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en-us', messages: { Login_Text_Title: compileMessage('Sign in {name}') } });
    let changes = 0;
    i18n.on('change', () => {
      changes += 1;
    });
    const off = enableEditMarkers(i18n);
    const viaUnderscore = i18n._('Login_Text_Title', { name: 'Ana' });
    const viaT = i18n.t({ id: 'Login_Text_Title', values: { name: 'Ana' } });
    expect(stripMarks(viaUnderscore)).toBe('Sign in Ana');
    expect(readMarks(viaUnderscore)).toEqual(['Login_Text_Title']);
    expect(readMarks(viaT)).toEqual(['Login_Text_Title']);
    off();
    expect(i18n._('Login_Text_Title', { name: 'Ana' })).toBe('Sign in Ana');
    expect(i18n.t('Login_Text_Title', { name: 'Ana' })).toBe('Sign in Ana');
    // Consumers re-render on both switches.
    expect(changes).toBe(2);
  });
});

describe('messageToLabelValue: a catalogue message back in the label style', () => {
  it('writes placeholders as {{name}} and keeps text and HTML', () => {
    expect(messageToLabelValue(compileMessage('Hello {firstName}, <b>welcome</b>'))).toBe(
      'Hello {{firstName}}, <b>welcome</b>',
    );
    // The round trip of an override as the resources flow compiles it.
    const value = "It's {literal}, {{name}}";
    expect(messageToLabelValue(compileLabelValue(value))).toBe(value);
  });

  it('gives up on plurals, which a label cannot express', () => {
    expect(messageToLabelValue(compileMessage('{count, plural, one {# try} other {# tries}}'))).toBeUndefined();
    expect(messageToLabelValue(undefined)).toBeUndefined();
  });
});

describe('looksLikeHtml', () => {
  it('tells HTML values from plain ones', () => {
    expect(looksLikeHtml('<p>Hi</p>')).toBe(true);
    expect(looksLikeHtml('Fish &amp; chips')).toBe(true);
    expect(looksLikeHtml('3 < 4 and 5 > 2')).toBe(false);
  });
});
