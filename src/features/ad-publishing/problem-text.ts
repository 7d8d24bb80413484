import { useLingui } from '@lingui/react/macro';
import type { FieldProblem } from '@machines/classifieds/ad-draft';

/** The words under a field: the spec's required-box message, a wrong number, or the server's own message for the field it named. */
export function useProblemText() {
  const { t } = useLingui();
  return (problem: FieldProblem | { message: string }) =>
    typeof problem === 'object' ? problem.message : problem === 'required' ? t`Filling in this box is required` : t`Enter a whole number within the allowed range`;
}
