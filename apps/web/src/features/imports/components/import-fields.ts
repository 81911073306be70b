import { formFieldsFor } from '../../../components/form/form-fields';
import type { ImportFormValues } from '../lib/import-form';

/** The shared form fields, with names checked against the import editor's values. */
export const { WholeNumberField, TextInputField, SelectField, YesNoField, SearchSelectField } = formFieldsFor<ImportFormValues>();
