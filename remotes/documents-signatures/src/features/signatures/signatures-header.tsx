import { Button, Group, Link, Tabs, Title, useNavigate } from '@atrium/ui';

/**
 * The signatures pages' heading: Workflows and Completed as tabs (each its own address), and the way back to the
 * documents, where contracts are sent for signature.
 */
export function SignaturesHeader({ current }: { current: 'workflows' | 'completed' }) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={1} fz={26}>
        Signatures
      </Title>
      <Group gap="xs">
        <Tabs
          value={current}
          onChange={(v) => navigate(v === 'completed' ? '/signatures/completed' : '/signatures/workflows')}
          variant="pills"
        >
          <Tabs.List aria-label="Signatures">
            <Tabs.Tab value="workflows">Workflows</Tabs.Tab>
            <Tabs.Tab value="completed">Completed signatures</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Button variant="default" component={Link} to="/documents">
          Documents
        </Button>
      </Group>
    </Group>
  );
}
