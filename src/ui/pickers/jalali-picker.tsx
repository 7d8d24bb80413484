import { faIR } from '@mui/x-date-pickers/locales';
import { PersianDigitsJalali } from './persian-digits-jalali';
import { PickerFields, type PickerFieldProps } from './picker-fields';

const localeText = faIR.components.MuiLocalizationProvider.defaultProps.localeText;

/** fa: the Jalali calendar (date-fns-jalali), Persian digits and month names, a 24-hour clock. */
export default function JalaliPicker(props: PickerFieldProps) {
  return <PickerFields {...props} adapter={PersianDigitsJalali} localeText={localeText} ampm={false} />;
}
