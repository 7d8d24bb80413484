import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS } from '@mui/x-date-pickers/locales';
import { PickerFields, type PickerFieldProps } from './picker-fields';

const localeText = enUS.components.MuiLocalizationProvider.defaultProps.localeText;

/** en: the Gregorian calendar (date-fns), Western digits, a 24-hour clock like the times the shop shows. */
export default function GregorianPicker(props: PickerFieldProps) {
  return <PickerFields {...props} adapter={AdapterDateFns} localeText={localeText} ampm={false} />;
}
