import { Title } from '@atrium/ui';

export default function DocumentsPage() {
  return (
    <Title order={1} fz={26}>
      Documents
    </Title>
  );
}
