import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { apiMessages, sortMessages } from './field-errors';
import { sameValues } from './same-values';

/** The server's answer to a contact whose name is too long, as it is sent. */
const refusal = {
  error: 'Bad Request',
  message: 'body.contact_name: Contact Name must be at most 1000 characters',
  fields: [{ in: 'body', path: 'contact_name', message: 'Contact Name must be at most 1000 characters' }],
};

describe('server messages in editors', () => {
  it('shows the message without the field path', () => {
    const error = new ApiError(refusal.message, 400, refusal.error, refusal);
    expect(error.message).toBe('Contact Name must be at most 1000 characters');
    expect(apiMessages(error, 'Something went wrong')).toEqual([
      { field: 'contact_name', message: 'Contact Name must be at most 1000 characters' },
    ]);
  });

  it('keeps the message of an answer that names no fields', () => {
    const error = new ApiError('Another facility is already named "X"', 409, 'Conflict', { error: 'Conflict', message: 'x' });
    expect(error.message).toBe('Another facility is already named "X"');
    expect(apiMessages(error, 'Something went wrong')).toEqual([{ field: '', message: 'Another facility is already named "X"' }]);
    expect(apiMessages(new Error(''), 'Something went wrong')).toEqual([{ field: '', message: 'Something went wrong' }]);
  });

  it('puts a message on its field when the form has it, or on the field it belongs to, else apart', () => {
    const fields = new Set(['contact_name', 'facilities']);
    expect(
      sortMessages(
        [
          { field: 'contact_name', message: 'a' },
          { field: 'facilities.2', message: 'b' },
          { field: 'widget_order', message: 'c' },
          { field: '', message: 'd' },
        ],
        fields,
      ),
    ).toEqual({
      onFields: [
        { field: 'contact_name', message: 'a' },
        { field: 'facilities', message: 'b' },
      ],
      general: ['c', 'd'],
    });
  });
});

describe('dirty tracking compares content', () => {
  it('sees one changed character, a changed choice and a changed list, and nothing else', () => {
    const loaded = { name: 'Gauge', type: 2, hidden: false, parameters: [1, 4] };
    expect(sameValues({ ...loaded }, loaded)).toBe(true);
    expect(sameValues({ parameters: [1, 4], hidden: false, type: 2, name: 'Gauge' }, loaded)).toBe(true);
    expect(sameValues({ ...loaded, name: 'Gauges' }, loaded)).toBe(false);
    expect(sameValues({ ...loaded, hidden: true }, loaded)).toBe(false);
    expect(sameValues({ ...loaded, type: 3 }, loaded)).toBe(false);
    expect(sameValues({ ...loaded, parameters: [1] }, loaded)).toBe(false);
  });
});
