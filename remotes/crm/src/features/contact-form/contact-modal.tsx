import { useId, useState } from 'react';
import { CONTACT_FORM_BODY_HEIGHT_PX, MESSAGES, NOTES_COMPACT_LIMIT } from '@atrium/contracts';
import { bus, toast } from '@atrium/event-bus';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import {
  AddressFields,
  Box,
  Button,
  DeleteConfirmDialog,
  DraggableModal,
  Group,
  ScrollArea,
  Tabs,
  Text,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import { contactInputSchema, type Contact } from '@atrium/domain-crm';
import { LazyNotesPanel } from '../../components/lazy-notes-panel';
import { BusinessFields, DetailsFields, SocialFields } from './contact-fields';
import { canSubmit, toFormValues, toInput, type ContactFormValues } from './contact-form-values';
import { useGroupOptions, useTagOptions } from '../../hooks/use-contact-options';
import { useContactMutations } from './use-contact-mutations';

interface ContactModalProps {
  contact?: Contact | null;
  onClose: () => void;
  /** After 'Delete Contact' succeeded (the contact's own page leaves for the list). */
  onDeleted?: () => void;
}

/** 'Add Contact' / 'Edit Contact' (docs/requirements.md §2): five tabs, 420 px body, the §4 submit rules. */
export function ContactModal({ contact, onClose, onDeleted }: ContactModalProps) {
  const mode = contact ? 'edit' : 'create';
  const { create, update, remove } = useContactMutations();
  const groups = useGroupOptions();
  const tags = useTagOptions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formId = useId();
  const form = useForm<ContactFormValues>({
    initialValues: toFormValues(contact),
    validate: schemaResolver(contactInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const busy = create.isPending || update.isPending || remove.isPending;
  const enabled = canSubmit(form.values, mode, form.isDirty());

  const submit = form.onSubmit(async (values) => {
    try {
      if (contact) {
        await update.mutateAsync({ id: contact._id, input: toInput(values) });
        toast.success('Contact updated successfully');
      } else {
        await create.mutateAsync(toInput(values));
        toast.success(MESSAGES.contactCreated);
        bus.emit('navigate', { to: '/contacts' });
      }
      onClose();
    } catch (e) {
      // The server speaks the same schema: its field messages land on the same fields.
      const fields = fieldErrorsOf(e);
      if (fields) {
        form.setErrors(fields);
      }
      toast.error(contact ? 'Failed to update contact. Please try again.' : MESSAGES.contactCreateFailed);
    }
  });

  const deleteContact = async () => {
    if (!contact) return;
    try {
      await remove.mutateAsync(contact._id);
      toast.success('Contact deleted');
      setConfirmDelete(false);
      onClose();
      onDeleted?.();
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to delete contact. Please try again.');
    }
  };

  return (
    <DraggableModal
      modalId="contact"
      opened
      onClose={onClose}
      title={contact ? 'Edit Contact' : 'Add Contact'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="business">Business</Tabs.Tab>
          <Tabs.Tab value="address">Address</Tabs.Tab>
          <Tabs.Tab value="social">Social</Tabs.Tab>
          <Tabs.Tab value="notes">Notes</Tabs.Tab>
        </Tabs.List>
        <ScrollArea h={CONTACT_FORM_BODY_HEIGHT_PX} type="auto" offsetScrollbars data-testid="contact-form-body">
          <Box py="md" pr="xs">
            {/* The contact's fields are one form. The notes panel stays outside it: its own note form's submit
                would otherwise reach this one. The footer's submit button names the form by id. */}
            <form id={formId} onSubmit={submit} noValidate>
              <Tabs.Panel value="details">
                <DetailsFields
                  form={form}
                  groups={groups.data ?? []}
                  tags={tags.data ?? []}
                  dateCreated={contact?.dateCreated}
                />
              </Tabs.Panel>
              <Tabs.Panel value="business">
                <BusinessFields form={form} />
              </Tabs.Panel>
              <Tabs.Panel value="address">
                <AddressFields inputProps={(key) => form.getInputProps(key)} />
              </Tabs.Panel>
              <Tabs.Panel value="social">
                <SocialFields form={form} />
              </Tabs.Panel>
            </form>
            <Tabs.Panel value="notes">
              {contact ? (
                <LazyNotesPanel
                  entityType="contact"
                  entityId={contact._id}
                  compact
                  limit={NOTES_COMPACT_LIMIT}
                  onViewAll={() => {
                    onClose();
                    bus.emit('navigate', { to: `/contacts/${contact._id}#notes` });
                  }}
                />
              ) : (
                <Text c="dimmed" ta="center" py="xl">
                  Notes will be available after creating the contact
                </Text>
              )}
            </Tabs.Panel>
          </Box>
        </ScrollArea>
      </Tabs>
      <Group justify="space-between" mt="md">
        <Box>
          {contact && (
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)} disabled={busy}>
              Delete Contact
            </Button>
          )}
        </Box>
        <Group>
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!enabled} loading={create.isPending || update.isPending}>
            {contact ? 'Save Changes' : 'Create Contact'}
          </Button>
        </Group>
      </Group>
      <DeleteConfirmDialog
        opened={confirmDelete}
        title="Delete Contact"
        message={MESSAGES.deleteContactConfirm}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteContact()}
      />
    </DraggableModal>
  );
}
