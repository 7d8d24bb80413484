import { describe, expect, it } from 'vitest';
import { normalizeDigits } from '../../contract/digits';
import { formatCoordinates, groupTypedNumber, localDigits, typedDigits } from '../../contract/numbers';

// The one display rule for digits (contract/numbers.ts), used by the storefront, the console and the server's messages.
describe('localDigits: every digit of free text in the reader\'s digits, Latin codes verbatim', () => {
  it('shows a saved address, an ad title and a chat message typed with Western digits in Persian digits in fa', () => {
    expect(localDigits('تهران، پلاک 12', 'fa')).toBe('تهران، پلاک ۱۲');
    expect(localDigits('فروش آپارتمان 95 متری', 'fa')).toBe('فروش آپارتمان ۹۵ متری');
    expect(localDigits('ساعت 18:30 می‌آیم', 'fa')).toBe('ساعت ۱۸:۳۰ می‌آیم');
    expect(localDigits('پلاک12', 'fa')).toBe('پلاک۱۲');
  });

  it('keeps a bank reference, a gateway id and a link as they are in fa', () => {
    expect(localDigits('SBMX59CHMF3K', 'fa')).toBe('SBMX59CHMF3K');
    expect(localDigits('کد پیگیری SBMX59CHMF، مبلغ 120', 'fa')).toBe('کد پیگیری SBMX59CHMF، مبلغ ۱۲۰');
    expect(localDigits('A00000000000000000000000000123456789', 'fa')).toBe('A00000000000000000000000000123456789');
    expect(localDigits('pi_3MtwBwLkdIwHu7ix28a3tqPa', 'fa')).toBe('pi_3MtwBwLkdIwHu7ix28a3tqPa');
    expect(localDigits('https://example.com/page/12', 'fa')).toBe('https://example.com/page/12');
  });

  it('keeps the text as it is in en, and folding it back gives what was sent', () => {
    expect(localDigits('پلاک 12 SBMX59', 'en')).toBe('پلاک 12 SBMX59');
    for (const text of ['تهران، پلاک 12', 'فروش آپارتمان 95 متری', '09121234567']) expect(normalizeDigits(localDigits(text, 'fa'))).toBe(text);
  });
});

describe('formatCoordinates: a point one way', () => {
  it('writes Persian digits, the Persian decimal mark and «، » in fa; Western in en', () => {
    expect(formatCoordinates(35.6997, 51.338, 'fa')).toBe('۳۵٫۶۹۹۷۰، ۵۱٫۳۳۸۰۰');
    expect(formatCoordinates(35.6997, 51.338, 'en')).toBe('35.69970, 51.33800');
  });
});

describe('groupTypedNumber: an amount grouped as it is typed', () => {
  it('groups Western, Persian or already grouped digits in the reader\'s digits', () => {
    expect(groupTypedNumber('12000000', 'fa')).toBe('۱۲٬۰۰۰٬۰۰۰');
    expect(groupTypedNumber('۱٬۲۰۰٬۰۰۰5', 'fa')).toBe('۱۲٬۰۰۰٬۰۰۵');
    expect(groupTypedNumber('120000000000', 'en')).toBe('120,000,000,000');
    expect(groupTypedNumber('1,200', 'en')).toBe('1,200');
    expect(groupTypedNumber('', 'fa')).toBe('');
  });

  it('leaves text that is no whole number as typed, in the reader\'s digits, and reads back to plain Western digits', () => {
    expect(groupTypedNumber('12a', 'fa')).toBe('12a');
    expect(groupTypedNumber('12.5', 'fa')).toBe('۱۲.۵');
    expect(normalizeDigits(groupTypedNumber('987654321', 'fa')).replace(/\u066C/g, '')).toBe('987654321');
  });
});

describe('typedDigits: what a grouped amount sends', () => {
  it('reads the field\'s grouped Persian text back to plain Western digits, as the wizard and the filters send it', () => {
    expect(typedDigits('۱۲٬۰۰۰٬۰۰۰٬۰۰۰')).toBe('12000000000');
    expect(typedDigits(groupTypedNumber('9500000000', 'fa'))).toBe('9500000000');
    expect(typedDigits('1,500 000')).toBe('1500000');
    expect(typedDigits('۱۲a')).toBe('12a');
  });
});
