import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { faIR } from '@mui/x-date-pickers/locales';
import { toPersianDigits } from '@contract/digits';
import { PickerFields, type PickerFieldProps } from './picker-fields';

const localeText = faIR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * date-fns-jalali writes Western digits; the field reads its digits from the adapter's formatting, so this one writes
 * Persian digits and the field shows and takes them (it folds them back before parsing).
 */
class PersianDigitsJalali extends AdapterDateFnsJalali {
  constructor(...args: ConstructorParameters<typeof AdapterDateFnsJalali>) {
    super(...args);
    const format = this.formatByString;
    this.formatByString = (value, formatString) => toPersianDigits(format(value, formatString));
  }
}

/** fa: the Jalali calendar (date-fns-jalali), Persian digits and month names, a 24-hour clock. */
export default function JalaliPicker(props: PickerFieldProps) {
  return <PickerFields {...props} adapter={PersianDigitsJalali} localeText={localeText} ampm={false} />;
}
