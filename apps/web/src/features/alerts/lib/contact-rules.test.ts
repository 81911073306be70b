import { describe, expect, it } from 'vitest';
import { contactErrors, groupErrors } from './contact-rules';

describe('group and contact rules', () => {
  it("requires a group name with '*Required field'", () => {
    expect(groupErrors({ group_desc: ' ' })).toEqual({ group_desc: '*Required field' });
    expect(groupErrors({ group_desc: 'Operators', remark: '' })).toEqual({});
  });

  it('requires address, name and organization; the address is an e-mail or gateway address', () => {
    expect(contactErrors({ contact_address: '', contact_name: '', contact_org: '', remark: '' })).toEqual({
      contact_address: '*Required field',
      contact_name: '*Required field',
      contact_org: '*Required field',
    });
    expect(contactErrors({ contact_address: '555 1234', contact_name: 'A', contact_org: 'B' }).contact_address).toMatch(/gateway address/);
    expect(contactErrors({ contact_address: '3035551234@vtext.com', contact_name: 'A', contact_org: 'B' })).toEqual({});
  });
});
