import { textLimits } from '../../constants/limits';
import { fieldRequired, requiredId, requiredText } from '../../rules/fields';
import { requiredDate } from '../../rules/date';

/** The child every action belongs to ('The Child field is required.'). */
export const childShape = { childregId: requiredId(fieldRequired('childregId')) };

/** The action date; whatever its label, missing gives 'The Transfer Date field is required.'. */
export const actionDateShape = { transfer_date: requiredDate(fieldRequired('transfer_date')) };

/** The comment every action requires ('The comment field is required.'). */
export const commentShape = { comment: requiredText(fieldRequired('comment'), textLimits.long) };
