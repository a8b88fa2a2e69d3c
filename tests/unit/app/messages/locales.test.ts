import { describe, expect, it } from 'vitest';
import { matchLocale } from '../../../../src/app/messages/locales';
import { makeFormats } from '../../../../src/app/messages/formats';

describe('matchLocale', () => {
  it('takes the first language of the browser Cove speaks', () => {
    expect(matchLocale(['de-AT', 'en'])).toBe('de');
    expect(matchLocale(['fr-FR', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(matchLocale(['zh'])).toBe('zh-CN');
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(matchLocale(['en-GB', 'de'])).toBe('en');
  });

  it('is English for a language it does not speak, traditional Chinese included', () => {
    expect(matchLocale(['fr', 'ja'])).toBe('en');
    expect(matchLocale(['zh-TW'])).toBe('en');
    expect(matchLocale(['zh-Hant-HK'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});

describe('makeFormats', () => {
  it('writes sizes as Cove always has in English, and in German with a decimal comma', () => {
    const en = makeFormats('en');
    expect([en.bytes(1), en.bytes(802), en.bytes(1234), en.bytes(5 * 1024 ** 3)]).toEqual([
      '1 byte',
      '802 bytes',
      '1.2 KB',
      '5.0 GB',
    ]);
    const de = makeFormats('de');
    expect([de.bytes(802), de.bytes(1234)]).toEqual(['802 Byte', '1,2 KB']);
  });

  it('groups numbers and picks plural forms by the language', () => {
    expect(makeFormats('en').number(12345)).toBe('12,345');
    expect(makeFormats('de').number(12345)).toBe('12.345');
    const forms = { one: '# file', other: '# files' };
    expect(makeFormats('en').plural(1, forms)).toBe('1 file');
    expect(makeFormats('en').plural(1200, forms)).toBe('1,200 files');
    expect(makeFormats('zh-CN').plural(1, { other: '# 个文件' })).toBe('1 个文件');
  });
});
