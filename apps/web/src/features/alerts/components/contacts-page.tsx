import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../lib/toasts';
import { ALERT_MESSAGES, ADMIN_TABLE_PAGE_SIZES, ROUTES, type Contact } from '@portal/contracts';
import { EditableTable, type EditableColumn } from '../../../components/data-table/editable-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContacts, useDeleteContact, useSaveContact } from '../api/list-contacts';
import { contactErrors } from '../lib/contact-rules';
import { PageHeader } from '../../../components/ui/page-header';

const COLUMNS: EditableColumn<Contact>[] = [
  { key: 'contact_address', header: 'Contact Address', size: 240, required: true },
  { key: 'contact_name', header: 'Contact Name', size: 180, required: true },
  { key: 'contact_org', header: 'Contact Organization', size: 180, required: true },
  { key: 'remark', header: 'Remark', size: 200 },
];

/** /data-access/system-management/contacts (administrators): who alerts can reach. */
export function ContactsPage() {
  useDocumentTitle('Contacts');
  const contacts = useContacts();
  const saveContact = useSaveContact();
  const deleteContact = useDeleteContact();
  const { enqueueSnackbar } = useSnackbar();

  const fail = (error: unknown): never => {
    enqueueSnackbar(error instanceof Error && error.message ? error.message : ALERT_MESSAGES.failed, { variant: 'error' });
    throw error;
  };
  const body = (v: Record<string, string>) => ({
    contact_address: v.contact_address.trim(),
    contact_name: v.contact_name.trim(),
    contact_org: v.contact_org.trim(),
    remark: v.remark ?? '',
  });

  return (
    <Box>
      <PageHeader
        title="Contacts"
        description={
          <>
            E-mail addresses alerts are sent to. To reach a phone, use its carrier&apos;s e-mail gateway address (
            <Link component={RouterLink} to={ROUTES.SMS_HELP}>
              SMS Help
            </Link>
            ).
          </>
        }
        spacing={2}
      />
      <EditableTable<Contact>
        columns={COLUMNS}
        rows={contacts.data ?? []}
        getRowId={(c) => String(c.contact_ndx)}
        loading={contacts.isPending}
        error={contacts.error?.message ?? null}
        label="Contacts"
        rowTestId="contact-row"
        addLabel="Add Contact"
        pageSizes={ADMIN_TABLE_PAGE_SIZES}
        pageSize={10}
        validate={contactErrors}
        describe={(c) => `contact ${c.contact_name}`}
        onCreate={async (v) => {
          await saveContact.mutateAsync({ contactNdx: null, body: body(v) }).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.created, { variant: 'success' });
        }}
        onUpdate={async (c, v) => {
          await saveContact.mutateAsync({ contactNdx: c.contact_ndx, body: body(v) }).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.updated, { variant: 'success' });
        }}
        onDelete={async (c) => {
          await deleteContact.mutateAsync(c.contact_ndx).catch(fail);
          enqueueSnackbar(ALERT_MESSAGES.deleted, { variant: 'success' });
        }}
      />
    </Box>
  );
}
