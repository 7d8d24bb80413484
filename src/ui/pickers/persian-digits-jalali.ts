import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { normalizeDigits, toPersianDigits } from '@contract/digits';

/**
 * date-fns-jalali writes and reads Western digits; the field takes its digits from the adapter's formatting, so this
 * one writes Persian digits, and the field then parses its sections' Persian text: folded back to Western first (else
 * a typed date was never a date, and the field lost the section typed last).
 */
export class PersianDigitsJalali extends AdapterDateFnsJalali {
  constructor(...args: ConstructorParameters<typeof AdapterDateFnsJalali>) {
    super(...args);
    const format = this.formatByString;
    const parse = this.parse;
    this.formatByString = (value, formatString) => toPersianDigits(format(value, formatString));
    this.parse = (value, formatString) => parse(normalizeDigits(value), formatString);
    // The field tells a zero-padded year by a leading '0', which a Persian '۰' is not; then it needs the year's length.
    this.formatTokenMap = { ...this.formatTokenMap, yyyy: { sectionType: 'year', contentType: 'digit', maxLength: 4 } };
  }
}
