import { ALERT_MESSAGES, isContactAddress } from '@portal/contracts';

type Values = Record<string, string>;
const blank = (v: string | undefined) => !v || v.trim() === '';

/** A group needs its group_desc. */
export function groupErrors(v: Values): Values {
  return blank(v.group_desc) ? { group_desc: ALERT_MESSAGES.required } : {};
}

/** A contact needs its address, name and organization required; the address is an e-mail or gateway address. */
export function contactErrors(v: Values): Values {
  const errors: Values = {};
  for (const key of ['contact_address', 'contact_name', 'contact_org']) if (blank(v[key])) errors[key] = ALERT_MESSAGES.required;
  if (!errors.contact_address && !isContactAddress(v.contact_address.trim())) {
    errors.contact_address = 'An e-mail address, or a phone gateway address such as 5551234567@vtext.com (see SMS Help)';
  }
  return errors;
}
