import { Title } from '@atrium/ui';

export default function DocumentViewPage() {
  return (
    <Title order={1} fz={26}>
      Document
    </Title>
  );
}
