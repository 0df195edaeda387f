import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../server/cms/mail/mailbox';

/** The per-address mail limits count mailboxes: every spelling that reaches one inbox is one key. */
describe('mailboxKey', () => {
  it('drops the +tag and the case, everywhere', () => {
    expect(mailboxKey('flood+1@example.si')).toBe('flood@example.si');
    expect(mailboxKey('Flood+Anything+More@Example.SI')).toBe('flood@example.si');
    expect(mailboxKey('  flood@example.si. ')).toBe('flood@example.si');
    expect(mailboxKey('flood@example.si')).toBe('flood@example.si');
  });

  it('drops Gmail’s dots and knows googlemail.com as gmail.com, and nobody else’s dots', () => {
    expect(mailboxKey('F.L.O.O.D+x@gmail.com')).toBe('flood@gmail.com');
    expect(mailboxKey('flood@googlemail.com')).toBe('flood@gmail.com');
    expect(mailboxKey('ana.novak@example.si')).toBe('ana.novak@example.si');
  });

  it('writes an international domain in its ASCII form, so both spellings meet', () => {
    expect(mailboxKey('ana@senčila.si')).toBe(mailboxKey('ana@xn--senila-k2a.si'));
  });

  it('leaves a + that is no tag separator alone', () => {
    expect(mailboxKey('+386@example.si')).toBe('+386@example.si');
    expect(mailboxKey('"a+b"@example.si')).toBe('"a+b"@example.si');
  });
});
