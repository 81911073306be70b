import { mayManageAccount, type AlertDelivery } from '@portal/contracts';

/** What a reader sees instead of a password-reset message for an account whose role is above theirs. */
export const OUTRANKED_ACCOUNT_MESSAGE_BODY =
  'Not shown: this message carries a password-reset link for an account whose role is above yours.';

/**
 * The delivery log as a caller may read it. A password-reset message held in the outbox carries a
 * working link to set the account's password, so its body is shown only to a reader who may
 * manage that account (no role above their own); anyone else would take the account over with it.
 */
export function deliveriesVisibleTo(
  callerRoles: readonly string[],
  rows: ReadonlyArray<AlertDelivery & { recipient_role: string | null }>,
): AlertDelivery[] {
  return rows.map(({ recipient_role, ...row }) =>
    row.purpose === 'password-reset' && !mayManageAccount(callerRoles, recipient_role)
      ? { ...row, body: OUTRANKED_ACCOUNT_MESSAGE_BODY }
      : row,
  );
}
