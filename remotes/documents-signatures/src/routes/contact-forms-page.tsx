import { useCallback, useMemo, useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  DeleteConfirmDialog,
  Group,
  IconCopy,
  IconDotsVertical,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  Link,
  LoadError,
  Menu,
  PageSkeleton,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  formatInstant,
  handleError,
  useSearchParams,
  useUrlSearch,
} from '@atrium/ui';
import { setUrlKeys } from '@atrium/contracts';
import { CONTACT_FORM_STATUS_LABELS, type ContactForm } from '@atrium/domain-documents';
import { copyText, embedSnippet, publicFormUrl } from '../features/forms/embed';
import { ListFooter } from '../features/forms/list-footer';
import { contactFormEditorPath } from '../lib/paths';
import { pageParamsFromUrl, useContactForms, useDeleteContactForm } from '../features/forms/use-contact-forms';

export const EMBED_HELP =
  "To put a form on your website, choose 'Copy embed code' in its menu and paste the code into your page's HTML: " +
  'it shows the form in a frame, and every submission lands in Responses.';

/** /contact-forms: the business's contact forms — search, pages; create, edit, delete, copy link or embed code. */
export default function ContactFormsPage() {
  const [url, setUrl] = useSearchParams();
  const params = useMemo(() => pageParamsFromUrl(url), [url]);
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) =>
    setUrl((u) => setUrlKeys(u, { search: s, page: null })),
  );
  const onPage = useCallback(
    (p: number | null) => setUrl((u) => setUrlKeys(u, { page: p && p > 1 ? String(p) : null })),
    [setUrl],
  );
  const { data, isPending, isError, error, refetch, isFetching } = useContactForms(params);
  const remove = useDeleteContactForm();
  const [deleting, setDeleting] = useState<ContactForm | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Contact Forms
        </Title>
        <Button component={Link} to="/contact-forms/create" leftSection={<IconPlus size={16} />}>
          New form
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {EMBED_HELP}
      </Text>
      <TextInput
        placeholder="Search forms..."
        aria-label="Search forms"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={280}
      />
      <Paper withBorder radius="md" p="sm" aria-busy={isFetching}>
        {isPending ? (
          <PageSkeleton rows={5} />
        ) : isError ? (
          <LoadError title="Contact forms could not be loaded" message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {params.search ? 'No forms match your search.' : 'No contact forms yet.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Contact forms">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Submissions</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((f) => (
                  <Table.Tr key={f._id}>
                    <Table.Td>
                      <Anchor component={Link} to={contactFormEditorPath(f._id)} fw={500}>
                        {f.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={f.status === 'active' ? 'green' : 'gray'}>
                        {CONTACT_FORM_STATUS_LABELS[f.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{f.submissionCount}</Table.Td>
                    <Table.Td>{formatInstant(f.createdAt)}</Table.Td>
                    <Table.Td>
                      <FormMenu form={f} onDelete={() => setDeleting(f)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListFooter
        pagination={data?.pagination}
        page={params.page}
        noun="forms"
        isFetching={isFetching}
        onPage={onPage}
      />
      <DeleteConfirmDialog
        opened={!!deleting}
        message={`Delete the form "${deleting?.name ?? ''}"? Its public page and embed code stop working.`}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Form deleted');
              setDeleting(null);
            },
            onError: (e) => handleError(e),
          })
        }
      />
    </Stack>
  );
}

function FormMenu({ form, onDelete }: { form: ContactForm; onDelete: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${form.name}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={contactFormEditorPath(form._id)} leftSection={<IconPencil size={14} />}>
          Edit
        </Menu.Item>
        <Menu.Item component="a" href={publicFormUrl(form.publicId)} target="_blank" rel="noopener">
          Open public page
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} />}
          onClick={() => void copyText(publicFormUrl(form.publicId), 'link')}
        >
          Copy link
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} />}
          onClick={() => void copyText(embedSnippet(form.publicId), 'embed code')}
        >
          Copy embed code
        </Menu.Item>
        <Menu.Item component={Link} to={`/responses?formId=${encodeURIComponent(form._id)}`}>
          Responses
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="var(--mantine-color-error)" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
